import { forgetApiKey } from "./key-resolver";
import { MAX_LIVE_API_KEYS, type ApiKeyList, type ApiKeyView, type CreatedApiKey, type KeyMaker } from "../contract/api-keys";
import type { Plan } from "../contract/plans";
import {
  apiKeyUsageSince,
  insertApiKey,
  listLiveApiKeys,
  replaceApiKey,
  revokeApiKey,
  usageHour,
  workspaceKeyRequestsInHour,
  type ApiKeyRecord,
} from "./api-key-store";
import { generateApiKey, hashApiKey, visiblePrefix } from "./key-format";
import { summarizeUsage, usageWindowStart, type HourCount } from "./usage";

/** The maker of a key by user id: their address and current role in the key's workspace. */
export type MakerOf = (userId: string) => KeyMaker;

/** Reads the makers of the keys by these user ids (only those), and answers MakerOf over them. */
export type MakersOf = (userIds: readonly string[]) => Promise<MakerOf>;

/** Whose a key is: its maker, or, for a key from before makers were recorded, its workspace's personal owner (api-key-store.ts). */
const makerIdOf = (key: ApiKeyRecord) => key.createdBy ?? key.workspaceId;

function toView(key: ApiKeyRecord, usage: readonly HourCount[], now: number, makerOf: MakerOf): ApiKeyView {
  return {
    id: key.id,
    name: key.name,
    prefix: key.prefix,
    createdAt: key.createdAt,
    lastUsedAt: key.lastUsedAt,
    usage: summarizeUsage(usage, key.id, now),
    madeBy: makerOf(makerIdOf(key)),
  };
}

export async function listKeysOf(db: D1Database, workspaceId: string, plan: Plan, makersOf: MakersOf, now = Date.now()): Promise<ApiKeyList> {
  const keys = await listLiveApiKeys(db, workspaceId);
  const [usage, usedThisHour, makerOf] = await Promise.all([
    apiKeyUsageSince(
      db,
      keys.map((key) => key.id),
      usageWindowStart(now),
    ),
    workspaceKeyRequestsInHour(db, workspaceId, usageHour(now)),
    makersOf(keys.map(makerIdOf)),
  ]);
  return {
    keys: keys.map((key) => toView(key, usage, now, makerOf)),
    maxKeys: MAX_LIVE_API_KEYS,
    requestsPerHour: plan.apiRequestsPerHour,
    planName: plan.name,
    usedThisHour,
  };
}

/** Who a key belongs to: its workspace, and the member making it (whose role it acts with). */
export interface KeyOwner {
  workspaceId: string;
  userId: string;
}

/** A new key in the workspace; null when it already has the most live keys allowed. */
export async function createKeyFor(db: D1Database, owner: KeyOwner, name: string, makersOf: MakersOf, now = Date.now()): Promise<CreatedApiKey | null> {
  const key = generateApiKey();
  const row = await insertApiKey(
    db,
    owner.workspaceId,
    { id: crypto.randomUUID(), name, prefix: visiblePrefix(key), keyHash: hashApiKey(key), createdBy: owner.userId },
    MAX_LIVE_API_KEYS,
  );
  return row ? { key, apiKey: toView(row, [], now, await makersOf([makerIdOf(row)])) } : null;
}

/** Revokes one of the workspace's keys; null when it is not one of its live keys. */
export async function revokeKeyOf(db: D1Database, workspaceId: string, id: string): Promise<ApiKeyRecord | null> {
  const revoked = await revokeApiKey(db, workspaceId, id, new Date().toISOString());
  if (revoked) forgetApiKey(revoked.keyHash);
  return revoked;
}

/**
 * A new key under the same name, made by `owner.userId` (who sees it and whose role it acts
 * with), and the old one revoked, in one batch; null when the old one is not a live key of theirs.
 */
export async function rotateKeyOf(db: D1Database, owner: KeyOwner, id: string, makersOf: MakersOf, now = Date.now()): Promise<CreatedApiKey | null> {
  const key = generateApiKey();
  const replaced = await replaceApiKey(
    db,
    owner.workspaceId,
    id,
    { id: crypto.randomUUID(), prefix: visiblePrefix(key), keyHash: hashApiKey(key), createdBy: owner.userId },
    new Date(now).toISOString(),
  );
  if (!replaced) return null;
  forgetApiKey(replaced.revokedKeyHash);
  return { key, apiKey: toView(replaced.key, [], now, await makersOf([makerIdOf(replaced.key)])) };
}

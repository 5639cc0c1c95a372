import { defaultConnectionName } from "./grant-rules";
import { encryptRefreshToken, type EncryptionKey } from "../auth/token-crypto";
import { connectionIdFor, renewGrant, saveGrant, type ConnectionRecord } from "./connection-store";

export interface WorkspaceGrant {
  workspaceId: string;
  sellingPartnerId: string;
  region: string;
  refreshToken: string;
  /** What a new connection is called ("Acme Brands EU") until renamed. */
  label: string;
  nowIso: string;
}

/** The sealed form of a grant stored under `connectionId`. */
async function sealedFor(keys: EncryptionKey[], connectionId: string, grant: Pick<WorkspaceGrant, "refreshToken" | "nowIso">) {
  const sealed = await encryptRefreshToken(keys, connectionId, grant.refreshToken);
  return { refreshTokenCiphertext: sealed.ciphertext, keyId: sealed.keyId, grantedAt: grant.nowIso };
}

/**
 * Adds a seller to a workspace from a Connect started inside it, or gives the workspace's
 * existing connection of that seller and region its new token (which keeps its id, name and
 * data). The plan's limit (null: none) is checked again by the store, in the insert itself;
 * null when it refused. The token is sealed with the connection id as associated data, so a
 * ciphertext copied to another connection's row does not open.
 */
export async function connectToWorkspace(db: D1Database, keys: EncryptionKey[], grant: WorkspaceGrant, limit: number | null): Promise<ConnectionRecord | null> {
  const id = await connectionIdFor(db, grant.workspaceId, grant.sellingPartnerId, grant.region);
  const input = { workspaceId: grant.workspaceId, sellingPartnerId: grant.sellingPartnerId, region: grant.region, name: defaultConnectionName(grant.label, grant.region) };
  const saved = await saveGrant(db, { ...input, id, grant: await sealedFor(keys, id, grant) }, limit);
  // Two consents of the same seller at once: the other one's row won, so seal to its id instead.
  return !saved || saved.id === id ? saved : saveGrant(db, { ...input, id: saved.id, grant: await sealedFor(keys, saved.id, grant) }, limit);
}

/**
 * A Reconnect: the new token on `connectionId` only, which must still be this seller's in this
 * region (the callback checked it; the update checks it again) and, when disconnected, fit the
 * plan's limit (null: none). Null when it is gone or the limit refused it.
 */
export async function renewConnection(
  db: D1Database,
  keys: EncryptionKey[],
  connectionId: string,
  grant: Omit<WorkspaceGrant, "label">,
  limit: number | null,
): Promise<ConnectionRecord | null> {
  const { workspaceId, sellingPartnerId, region } = grant;
  return renewGrant(db, { id: connectionId, workspaceId, sellingPartnerId, region }, await sealedFor(keys, connectionId, grant), limit);
}

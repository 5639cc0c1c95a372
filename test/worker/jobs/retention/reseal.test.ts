import { env } from "cloudflare:test";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { replaceChannelValue } from "../../../../worker/notifications/channel-store";
import { decryptRefreshToken, encryptRefreshToken, parseKeyring } from "../../../../worker/auth/token-crypto";
import { resealUnderNewestKey } from "../../../../worker/jobs/retention/reseal";
import { runRetention } from "../../../../worker/jobs/retention/retention";
import { buildServices } from "../../../../worker/services";
import { createUser } from "../../notifications/support";
import { KEY_2026, KEY_2027 } from "../../support/seller-browser";

const OLD = `k2026:${KEY_2026}`;
const NEW = `k2027:${KEY_2027}`;
/** A key no deployment lists any more: what it sealed opens with nothing. */
const LOST = `k2025:${btoa(String.fromCharCode(...new Uint8Array(32).fill(3)))}`;
/** The rotation: the new key first, the old one still listed. */
const ROTATING = `${NEW},${OLD}`;

const servicesWith = (keys: string) => buildServices({ ...env, TOKEN_ENCRYPTION_KEYS: keys });
const seal = async (keys: string, rowId: string, value: string) => (await encryptRefreshToken(parseKeyring(keys), rowId, value)).ciphertext;
const open = async (keys: string, rowId: string, ciphertext: string) => (await decryptRefreshToken(parseKeyring(keys), rowId, ciphertext)).refreshToken;

interface SealedRow {
  webhook_url_ciphertext: string | null;
  webhook_secret_ciphertext: string | null;
}
const channelsOf = (workspaceId: string) =>
  env.DB.prepare("SELECT webhook_url_ciphertext, webhook_secret_ciphertext FROM user_settings WHERE workspace_id = ?").bind(workspaceId).first<SealedRow>();
const connectionOf = (id: string) =>
  env.DB.prepare("SELECT refresh_token_ciphertext AS ciphertext, key_id AS keyId FROM seller_connections WHERE id = ?").bind(id).first<{ ciphertext: string; keyId: string }>();

/** A workspace whose webhook URL and signing secret were sealed under `keys`. */
async function channelsSealedWith(keys: string) {
  const workspaceId = await createUser();
  const url = `https://hooks.example.com/${workspaceId}`;
  const secret = `whsec_${workspaceId}`;
  await env.DB.prepare("INSERT INTO user_settings (workspace_id, webhook_url_ciphertext, webhook_secret_ciphertext) VALUES (?, ?, ?)")
    .bind(workspaceId, await seal(keys, workspaceId, url), await seal(keys, workspaceId, secret))
    .run();
  return { workspaceId, url, secret };
}

/** A connected seller whose refresh token was sealed under `keys` (key_id names its key). */
async function connectionSealedWith(keys: string) {
  const workspaceId = await createUser();
  const id = crypto.randomUUID();
  const token = `Atzr|${id}`;
  await env.DB.prepare(
    "INSERT INTO seller_connections (id, workspace_id, selling_partner_id, region, name, status, refresh_token_ciphertext, key_id, granted_at) VALUES (?, ?, ?, 'na', 'Acme', 'connected', ?, ?, '2026-11-01T00:00:00.000Z')",
  )
    .bind(id, workspaceId, `A${id.slice(0, 8)}`, await seal(keys, id, token), keys.slice(0, keys.indexOf(":")))
    .run();
  return { id, token };
}

beforeEach(async () => {
  // The pass reads every sealed row in the database: start each test from none.
  await env.DB.batch([env.DB.prepare("DELETE FROM user_settings"), env.DB.prepare("DELETE FROM seller_connections")]);
  vi.spyOn(console, "error").mockImplementation(() => {});
});

describe("re-sealing under the newest key after TOKEN_ENCRYPTION_KEYS rotates", () => {
  it("moves webhook URLs, signing secrets and idle refresh tokens to the newest key, so the old key can be dropped", async () => {
    const channels = await channelsSealedWith(OLD);
    const connection = await connectionSealedWith(OLD);
    const current = await channelsSealedWith(NEW);
    const currentBefore = await channelsOf(current.workspaceId);

    expect(await resealUnderNewestKey(servicesWith(ROTATING))).toEqual({ resealed: 3, unreadable: 0 });

    // With the old key gone, everything still opens to what was stored.
    const after = (await channelsOf(channels.workspaceId))!;
    expect(await open(NEW, channels.workspaceId, after.webhook_url_ciphertext!)).toBe(channels.url);
    expect(await open(NEW, channels.workspaceId, after.webhook_secret_ciphertext!)).toBe(channels.secret);
    const moved = (await connectionOf(connection.id))!;
    expect(moved.keyId).toBe("k2027");
    expect(await open(NEW, connection.id, moved.ciphertext)).toBe(connection.token);
    // What was under the newest key already is not written again.
    expect(await channelsOf(current.workspaceId)).toEqual(currentBefore);
    // The next night finds nothing left.
    expect(await resealUnderNewestKey(servicesWith(ROTATING))).toEqual({ resealed: 0, unreadable: 0 });
  });

  it("runs in the nightly retention, and reports a value no listed key opens without touching it", async () => {
    const lost = await channelsSealedWith(LOST);
    const lostBefore = await channelsOf(lost.workspaceId);
    await channelsSealedWith(OLD);
    const errors = vi.spyOn(console, "error").mockImplementation(() => {});

    const summary = await runRetention(servicesWith(ROTATING), Date.now(), 5_000, { history: false });

    expect(summary.resealed).toEqual({ resealed: 2, unreadable: 2 });
    expect(await channelsOf(lost.workspaceId)).toEqual(lostBefore);
    expect(errors).toHaveBeenCalledWith(expect.stringContaining(`of ${lost.workspaceId} does not open`), expect.anything());
  });

  it("looks at no more than its batch of each kind a night", async () => {
    for (let i = 0; i < 3; i++) await channelsSealedWith(OLD);

    // Each workspace has two sealed values (URL and secret): a batch of 2 moves 2 of each kind.
    expect(await resealUnderNewestKey(servicesWith(ROTATING), 2)).toEqual({ resealed: 4, unreadable: 0 });
    expect(await resealUnderNewestKey(servicesWith(ROTATING), 2)).toEqual({ resealed: 2, unreadable: 0 });
  });

  it("leaves a value saved again since it was read as it now is", async () => {
    const { workspaceId } = await channelsSealedWith(OLD);
    const read = (await channelsOf(workspaceId))!.webhook_url_ciphertext!;
    const savedMeanwhile = await seal(NEW, workspaceId, "https://hooks.example.com/newer");
    await env.DB.prepare("UPDATE user_settings SET webhook_url_ciphertext = ? WHERE workspace_id = ?").bind(savedMeanwhile, workspaceId).run();

    expect(await replaceChannelValue(env.DB, "webhookUrlCiphertext", workspaceId, read, await seal(NEW, workspaceId, "https://hooks.example.com/old"))).toBe(false);
    expect((await channelsOf(workspaceId))!.webhook_url_ciphertext).toBe(savedMeanwhile);
  });

  it("does nothing with one key listed, or none", async () => {
    const { workspaceId } = await channelsSealedWith(OLD);
    const before = await channelsOf(workspaceId);

    expect(await resealUnderNewestKey(servicesWith(OLD))).toEqual({ resealed: 0, unreadable: 0 });
    expect(await resealUnderNewestKey(servicesWith(""))).toEqual({ resealed: 0, unreadable: 0 });
    expect(await channelsOf(workspaceId)).toEqual(before);
  });
});

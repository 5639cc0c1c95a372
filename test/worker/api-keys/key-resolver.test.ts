import { env } from "cloudflare:test";
import { afterEach, describe, expect, it, vi } from "vitest";
import { hashApiKey } from "../../../worker/api-keys/key-format";
import { forgetApiKey, hashOfKey, KEY_CACHE_MS, KEY_HASH_MEMORY_MS, KEY_REFRESH_AFTER_MS, rememberKeyHash, resolveApiKey } from "../../../worker/api-keys/key-resolver";
import { createKey, sellerOnPlan, withKey } from "./support";

afterEach(() => {
  vi.useRealTimers();
});

/** A Pro seller's new key, by hash, and a clock this test moves. */
async function freshKey(): Promise<{ keyHash: string; advance: (ms: number) => void }> {
  const { browser } = await sellerOnPlan("pro");
  const { key } = await createKey(browser);
  const keyHash = hashApiKey(key);
  vi.useFakeTimers({ toFake: ["Date"] });
  let now = Date.now();
  vi.setSystemTime(now);
  return { keyHash, advance: (ms) => vi.setSystemTime((now += ms)) };
}

/** Revokes a key the way another isolate's request does: in D1 only, this isolate's memory untouched. */
async function revokeElsewhere(keyHash: string): Promise<void> {
  await env.DB.prepare("UPDATE api_keys SET revoked_at = ?1 WHERE key_hash = ?2").bind(new Date().toISOString(), keyHash).run();
}

describe("the API key resolver (isolate cache, revocation within 3 s)", () => {
  it("answers from memory under 2 s; from 2 s it answers from memory and re-reads in the background, so a revocation shows before 3 s", async () => {
    const { keyHash, advance } = await freshKey();
    expect((await resolveApiKey(env.DB, keyHash))?.key.revokedAt).toBeNull();
    await revokeElsewhere(keyHash);
    advance(KEY_REFRESH_AFTER_MS - 500);
    const background: Promise<unknown>[] = [];
    expect((await resolveApiKey(env.DB, keyHash, (work) => background.push(work)))?.key.revokedAt).toBeNull();
    expect(background).toHaveLength(0);

    advance(600);
    expect((await resolveApiKey(env.DB, keyHash, (work) => background.push(work)))?.key.revokedAt).toBeNull();
    // One background read per key, however many requests come while it is out.
    await resolveApiKey(env.DB, keyHash, (work) => background.push(work));
    expect(background).toHaveLength(1);
    await Promise.all(background);
    expect((await resolveApiKey(env.DB, keyHash))?.key.revokedAt).not.toBeNull();
  });

  it("never answers a copy read 3 s ago or more: that request reads D1 itself", async () => {
    const { keyHash, advance } = await freshKey();
    await resolveApiKey(env.DB, keyHash);
    await revokeElsewhere(keyHash);
    advance(KEY_CACHE_MS);
    const background: Promise<unknown>[] = [];
    expect((await resolveApiKey(env.DB, keyHash, (work) => background.push(work)))?.key.revokedAt).not.toBeNull();
    // Its own read, awaited (and kept alive by its waitUntil for any request sharing it).
    expect(background).toHaveLength(1);
  });

  it("answers null for an unknown key, and shares one D1 read among concurrent requests, kept alive by the waitUntil of the one that started it", async () => {
    const unknown = hashApiKey("rl_live_" + "x".repeat(43));
    const prepare = vi.spyOn(env.DB, "prepare");
    const kept: Promise<unknown>[] = [];
    const answers = await Promise.all(Array.from({ length: 5 }, () => resolveApiKey(env.DB, unknown, (work) => void kept.push(work))));
    expect(answers).toEqual([null, null, null, null, null]);
    expect(prepare).toHaveBeenCalledTimes(1);
    // A request whose client hangs up is cancelled with its pending I/O: the others would wait for ever.
    expect(kept).toHaveLength(1);
    prepare.mockRestore();
  });
});

describe("the hash of a key, remembered by the isolate", () => {
  it("is the remembered hash for a minute after the key authenticated, then computed again", () => {
    const key = "rl_live_" + "m".repeat(43);
    const now = Date.now();
    // A marker instead of the real hash shows which answer came from memory.
    rememberKeyHash(key, "remembered", now);
    expect(hashOfKey(key, now + KEY_HASH_MEMORY_MS - 1)).toBe("remembered");
    expect(hashOfKey(key, now + KEY_HASH_MEMORY_MS)).toBe(hashApiKey(key));
  });

  it("is forgotten with the key (revoke, rotate, a member removed)", () => {
    const key = "rl_live_" + "f".repeat(43);
    rememberKeyHash(key, "to-forget");
    forgetApiKey("to-forget");
    expect(hashOfKey(key)).toBe(hashApiKey(key));
  });

  it("is kept only for a key that authenticated: a wrong key or a revoked one is hashed on every request", async () => {
    const { browser } = await sellerOnPlan("pro");
    const { apiKey, key: working } = await createKey(browser);
    expect((await withKey(working, "/api/v1/alerts")).status).toBe(200);
    // Remembered by the request: a later remember does not replace it.
    rememberKeyHash(working, "marker");
    expect(hashOfKey(working)).toBe(hashApiKey(working));

    const wrong = "rl_live_" + "w".repeat(43);
    expect((await withKey(wrong, "/api/v1/alerts")).status).toBe(401);
    rememberKeyHash(wrong, "marker");
    expect(hashOfKey(wrong)).toBe("marker");

    expect((await browser.request(`/api/api-keys/${apiKey.id}`, { method: "DELETE" })).status).toBe(204);
    expect((await withKey(working, "/api/v1/alerts")).status).toBe(401);
    rememberKeyHash(working, "marker");
    expect(hashOfKey(working)).toBe("marker");
  });
});

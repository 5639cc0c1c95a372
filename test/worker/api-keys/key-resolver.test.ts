import { env } from "cloudflare:test";
import { afterEach, describe, expect, it, vi } from "vitest";
import { hashApiKey } from "../../../worker/api-keys/key-format";
import { KEY_CACHE_MS, KEY_REFRESH_AFTER_MS, resolveApiKey } from "../../../worker/api-keys/key-resolver";
import { createKey, sellerOnPlan } from "./support";

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

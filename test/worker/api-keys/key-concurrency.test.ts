import { env, runInDurableObject } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { HOUR_MS } from "../../../worker/contract/time";
import { keyLimiterName } from "../../../worker/ratelimit/key-limit";
import type { RateLimiter } from "../../../worker/ratelimit/rate-limiter";
import type { CreatedApiKey } from "../../../worker/contract/api-keys";
import { createKey, proDemo, withKey } from "./support";
import { readRateLimit } from "../../../worker/contract/rate-limit-fields";

describe("1,000 requests per hour per account, over HTTP", () => {
  it("200 concurrent key requests with 100 left this hour: never more than 100 answered, the rest 429 with Retry-After", async () => {
    const { browser, userId } = await proDemo();
    const [first, second] = [await createKey(browser, "a"), await createKey(browser, "b")];
    // 900 already used this hour, across the account's keys.
    const stub = env.RATE_LIMITER.get(env.RATE_LIMITER.idFromName(keyLimiterName(userId)));
    await runInDurableObject(stub, async (_instance: RateLimiter, state) => {
      const now = Date.now();
      await state.storage.put("hourly", { start: now - (now % HOUR_MS), count: 900 });
    });

    const answers = await Promise.all(
      Array.from({ length: 200 }, (_, i) => withKey(i % 2 ? first.key : second.key, "/api/v1/watchlist")),
    );
    const ok = answers.filter((res) => res.status === 200);
    const limited = answers.filter((res) => res.status === 429);
    expect(ok.length + limited.length).toBe(200);
    expect(ok.length).toBeLessThanOrEqual(100);
    expect(ok.length).toBeGreaterThan(0);
    for (const res of limited) {
      expect(Number(res.headers.get("Retry-After"))).toBeGreaterThan(0);
      expect(readRateLimit(res.headers)?.remaining).toBe(0);
      expect(res.headers.get("RateLimit")).toMatch(/^"hour";r=0;t=\d+$/);
      expect(await res.json()).toEqual({ detail: expect.stringMatching(/^API limit reached: 1000 requests per hour/), code: "rate_limited" });
    }
    // The counts Settings shows are the requests actually answered.
    const used = await env.DB.prepare(
      "SELECT sum(requests) AS n FROM api_key_usage u JOIN api_keys k ON k.id = u.key_id WHERE k.workspace_id = ?",
    )
      .bind(userId)
      .first<{ n: number }>();
    expect(used?.n).toBe(ok.length);
  });
});

describe("the 5-key limit under concurrent requests", () => {
  it("creates racing a rotate of a full workspace's key: the rotate always gets its replacement (the place it frees is its own), every create gets 403 plan_limit", async () => {
    const { browser, userId } = await proDemo();
    const keys: CreatedApiKey[] = [];
    for (let i = 0; i < 5; i++) keys.push(await createKey(browser, `key ${i}`));

    for (const [round, old] of keys.entries()) {
      const [rotated, ...creates] = await Promise.all([
        browser.request(`/api/api-keys/${old.apiKey.id}/rotate`, { method: "POST" }),
        ...Array.from({ length: 3 }, (_, i) => browser.json("/api/api-keys", "POST", { name: `intruder ${round}.${i}` })),
      ]);
      expect(rotated.status, `round ${round}: ${await rotated.clone().text()}`).toBe(201);
      const fresh = await rotated.json<CreatedApiKey>();
      expect(fresh.apiKey.name).toBe(`key ${round}`);
      for (const res of creates) expect([res.status, (await res.json<{ code: string }>()).code]).toEqual([403, "plan_limit"]);
      const live = await env.DB.prepare("SELECT name FROM api_keys WHERE workspace_id = ? AND revoked_at IS NULL ORDER BY name").bind(userId).all<{ name: string }>();
      expect(live.results.map((row) => row.name)).toEqual(["key 0", "key 1", "key 2", "key 3", "key 4"]);
      expect((await withKey(old.key, "/api/v1/notifications")).status).toBe(401);
      expect((await withKey(fresh.key, "/api/v1/notifications")).status).toBe(200);
    }
  });

  it("the same key rotated twice at once: one rotate replaces it, the other finds no live key (404), and only one replacement exists", async () => {
    const { browser, userId } = await proDemo();
    const old = await createKey(browser, "deploy");
    const answers = await Promise.all([0, 1].map(() => browser.request(`/api/api-keys/${old.apiKey.id}/rotate`, { method: "POST" })));
    expect(answers.map((res) => res.status).sort()).toEqual([201, 404]);
    const live = await env.DB.prepare("SELECT count(*) AS n FROM api_keys WHERE workspace_id = ? AND revoked_at IS NULL").bind(userId).first("n");
    expect(live).toBe(1);
  });
});

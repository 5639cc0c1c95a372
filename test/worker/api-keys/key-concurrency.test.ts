import { env, runInDurableObject } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { HOUR_MS } from "../../../worker/contract/time";
import { keyLimiterName } from "../../../worker/ratelimit/key-limit";
import type { RateLimiter } from "../../../worker/ratelimit/rate-limiter";
import { createKey, proDemo, withKey } from "./support";

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
      expect(res.headers.get("RateLimit-Remaining")).toBe("0");
      expect(res.headers.get("RateLimit")).toMatch(/^"hourly";r=0;t=\d+$/);
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

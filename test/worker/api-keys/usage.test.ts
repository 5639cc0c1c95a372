import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { insertApiKey } from "../../../worker/api-keys/api-key-store";
import { summarizeUsage, usageWindowStart } from "../../../worker/api-keys/usage";
import { countApiKeyUse } from "../../../worker/api-keys/usage-recorder";
import { upsertSellerUser } from "../../../worker/accounts/user-store";
import { runRetention } from "../../../worker/jobs/retention/retention";
import { newSellingPartnerId } from "../support/seller-browser";
import { buildServices } from "../../../worker/services";

const NOW = Date.parse("2026-11-24T14:30:00.000Z");

describe("summarizeUsage", () => {
  it("sums this hour and each of the last 7 UTC days for one key, ignoring other keys and older days", () => {
    const rows = [
      { keyId: "a", hour: "2026-11-24T14", requests: 5 },
      { keyId: "a", hour: "2026-11-24T09", requests: 3 },
      { keyId: "a", hour: "2026-11-18T00", requests: 2 },
      { keyId: "a", hour: "2026-11-17T23", requests: 100 },
      { keyId: "b", hour: "2026-11-24T14", requests: 7 },
    ];
    const usage = summarizeUsage(rows, "a", NOW);
    expect(usage.thisHour).toBe(5);
    expect(usage.days).toEqual([
      { day: "2026-11-18", requests: 2 },
      { day: "2026-11-19", requests: 0 },
      { day: "2026-11-20", requests: 0 },
      { day: "2026-11-21", requests: 0 },
      { day: "2026-11-22", requests: 0 },
      { day: "2026-11-23", requests: 0 },
      { day: "2026-11-24", requests: 8 },
    ]);
    expect(usageWindowStart(NOW)).toBe("2026-11-18T00");
  });
});

describe("countApiKeyUse", () => {
  it("counts every request exactly, with at most one D1 write a second per key", async () => {
    const user = await upsertSellerUser(env.DB, newSellingPartnerId());
    const keyId = crypto.randomUUID();
    await insertApiKey(env.DB, user.id, { id: keyId, name: "k", prefix: "rl_live_x", keyHash: crypto.randomUUID() }, 5);
    const writes: Promise<unknown>[] = [];
    const ctx = { waitUntil: (promise: Promise<unknown>) => void writes.push(promise) };
    for (let i = 0; i < 50; i++) countApiKeyUse(env.DB, ctx, keyId, { now: NOW + i });
    // The first request was written at once; the other 49 joined one write a second later.
    expect(writes).toHaveLength(2);
    const started = Date.now();
    await Promise.all(writes);
    expect(Date.now() - started).toBeGreaterThanOrEqual(900);
    const row = await env.DB.prepare("SELECT hour, requests FROM api_key_usage WHERE key_id = ?").bind(keyId).first();
    expect(row).toEqual({ hour: "2026-11-24T14", requests: 50 });
    const key = await env.DB.prepare("SELECT last_used_at FROM api_keys WHERE id = ?").bind(keyId).first();
    expect(key).toEqual({ last_used_at: new Date(NOW + 49).toISOString() });
  });
});

describe("retention", () => {
  it("deletes key usage older than the 7 days Settings shows, and keeps the rest", async () => {
    const user = await upsertSellerUser(env.DB, newSellingPartnerId());
    const keyId = crypto.randomUUID();
    await insertApiKey(env.DB, user.id, { id: keyId, name: "k", prefix: "rl_live_x", keyHash: crypto.randomUUID() }, 5);
    for (const hour of ["2026-11-17T23", "2026-11-18T00", "2026-11-24T14"]) {
      await env.DB.prepare("INSERT INTO api_key_usage (key_id, hour, requests) VALUES (?, ?, 1)").bind(keyId, hour).run();
    }
    await runRetention(buildServices(env), NOW);
    const left = await env.DB.prepare("SELECT hour FROM api_key_usage WHERE key_id = ? ORDER BY hour").bind(keyId).all();
    expect(left.results).toEqual([{ hour: "2026-11-18T00" }, { hour: "2026-11-24T14" }]);
  });
});

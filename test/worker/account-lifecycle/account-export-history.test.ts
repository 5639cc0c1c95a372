import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { exportAccount } from "../../../worker/account-lifecycle/account-export";
import { findUser } from "../../../worker/accounts/user-store";
import type { HistoryShards } from "../../../worker/history/shard-store";
import { buildServices } from "../../../worker/services";
import { TestBrowser } from "../support/seller-browser";
import { emailEnv, signInByEmail, userIdOf } from "../support/email-accounts";
import { clearHistory, seedPoint } from "../support/history-shards";

const NOW = Date.parse("2026-11-20T12:00:00.000Z");
const TRACKED = 250;

/** The service's history with its bindings counted: each D1 statement prepared on a shard, each R2 read of the archive. */
function countedHistory(history: HistoryShards) {
  const counts = { d1: 0, r2: 0 };
  const countedEnv = new Proxy(history.env, {
    get(target, name, receiver) {
      const binding = Reflect.get(target, name, receiver) as unknown;
      if (typeof name === "string" && name.startsWith("HISTORY_") && name !== "HISTORY_ARCHIVE" && binding) {
        const db = binding as D1Database;
        return { prepare: (sql: string) => (counts.d1++, db.prepare(sql)), batch: db.batch.bind(db) };
      }
      if (name === "HISTORY_ARCHIVE" && binding) {
        const bucket = binding as R2Bucket;
        return { get: (...args: Parameters<R2Bucket["get"]>) => (counts.r2++, bucket.get(...args)), list: (...args: Parameters<R2Bucket["list"]>) => (counts.r2++, bucket.list(...args)) };
      }
      return binding;
    },
  });
  return { history: { ...history, env: countedEnv } as HistoryShards, counts };
}

describe("Settings → Account: export of the tracked ASINs' history", () => {
  it("reads a full watchlist's days in a few queries and no archive read, covering the days the shards hold", async () => {
    await clearHistory();
    const { bindings, sent } = emailEnv();
    await signInByEmail(new TestBrowser(bindings), sent, "big-watchlist@example.com");
    const userId = await userIdOf("big-watchlist@example.com");
    const asins = Array.from({ length: TRACKED }, (_, i) => `B0EXP${String(i).padStart(5, "0")}`);
    for (const asin of asins) await env.DB.prepare("INSERT INTO watchlist (workspace_id, asin, marketplace) VALUES (?, ?, 'US')").bind(userId, asin).run();
    await seedPoint({ asin: asins[0]!, day: "2026-11-19", rank: 1200 });
    await seedPoint({ asin: asins[0]!, day: "2026-07-23", rank: 1500 }); // the first day the shards hold (120 days)
    await seedPoint({ asin: asins[0]!, day: "2026-07-22", rank: 1800 }); // older: not in the export

    const services = buildServices(bindings);
    const { history, counts } = countedHistory(services.history);
    const doc = await exportAccount(env.DB, history, services.config, (await findUser(env.DB, userId))!, NOW);

    expect(doc.historySince).toBe("2026-07-23");
    expect(doc.history).toHaveLength(TRACKED);
    expect(doc.history[0]).toMatchObject({ asin: asins[0], marketplace: "US" });
    expect(doc.history[0]!.points.map((point) => [point.day, point.rank])).toEqual([["2026-07-23", 1500], ["2026-11-19", 1200]]);
    expect(doc.history[1]!.points).toEqual([]);
    // One query per shard and 100 ASINs, whatever the watchlist's size; two years from the
    // archive would have been one R2 read per ASIN and month, past a request's subrequests.
    expect(counts.r2).toBe(0);
    expect(counts.d1).toBeLessThanOrEqual(4 * Math.ceil(TRACKED / 100));
  });
});

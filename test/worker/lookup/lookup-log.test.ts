import { env } from "cloudflare:test";
import { describe, expect, it, vi } from "vitest";
import { flushLookupLog, logLookup } from "../../../worker/lookup/lookup-log-store";

/** Collects what a request would hand to waitUntil. */
function fakeContext() {
  const kept: Promise<unknown>[] = [];
  return { kept, ctx: { waitUntil: (promise: Promise<unknown>) => void kept.push(promise) } };
}

const row = (asin: string) => ({ asin, marketplace: "US", status: 200, source: "mock", durationMs: 3 });

async function countRows(prefix: string): Promise<number> {
  const result = await env.DB.prepare("SELECT count(*) AS n FROM lookup_log WHERE asin LIKE ?").bind(`${prefix}%`).first<{ n: number }>();
  return result?.n ?? 0;
}

describe("lookup log", () => {
  it("writes a window's lookups in one batch, kept alive by the request that opened it", async () => {
    await flushLookupLog(env.DB);
    const first = fakeContext();
    const second = fakeContext();
    for (let i = 0; i < 40; i++) logLookup(env.DB, i === 0 ? first.ctx : second.ctx, row(`LGBATCH${String(i).padStart(3, "0")}`));
    expect(first.kept).toHaveLength(1);
    expect(second.kept).toHaveLength(0);
    expect(await countRows("LGBATCH")).toBe(0);

    await Promise.all(first.kept);
    expect(await countRows("LGBATCH")).toBe(40);
    const stored = await env.DB.prepare("SELECT asin, marketplace, status, source, duration_ms, created_at FROM lookup_log WHERE asin = ?")
      .bind("LGBATCH007")
      .first();
    expect(stored).toMatchObject({ asin: "LGBATCH007", marketplace: "US", status: 200, source: "mock", duration_ms: 3 });
    expect(stored?.created_at).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
  });

  it("writes a window's lookups of one ASIN with one outcome as one row, counting them and summing their time", async () => {
    await flushLookupLog(env.DB);
    const { kept, ctx } = fakeContext();
    for (let i = 0; i < 5; i++) logLookup(env.DB, ctx, { ...row("LGHOT00001"), durationMs: i + 1 });
    logLookup(env.DB, ctx, { ...row("LGHOT00001"), status: 503, source: null, durationMs: 40 });
    logLookup(env.DB, ctx, { ...row("LGHOT00001"), marketplace: "DE" });
    logLookup(env.DB, ctx, row("LGHOT00002"));
    await Promise.all(kept);
    const { results } = await env.DB.prepare("SELECT asin, marketplace, status, source, duration_ms, lookups FROM lookup_log WHERE asin LIKE 'LGHOT%' ORDER BY asin, marketplace DESC, status")
      .all();
    expect(results).toEqual([
      { asin: "LGHOT00001", marketplace: "US", status: 200, source: "mock", duration_ms: 15, lookups: 5 },
      { asin: "LGHOT00001", marketplace: "US", status: 503, source: null, duration_ms: 40, lookups: 1 },
      { asin: "LGHOT00001", marketplace: "DE", status: 200, source: "mock", duration_ms: 3, lookups: 1 },
      { asin: "LGHOT00002", marketplace: "US", status: 200, source: "mock", duration_ms: 3, lookups: 1 },
    ]);
  });

  it("opens a new window once the last one is written", async () => {
    await flushLookupLog(env.DB);
    const { kept, ctx } = fakeContext();
    logLookup(env.DB, ctx, { ...row("LGWINDOW01"), status: 404, source: null });
    await Promise.all(kept);
    logLookup(env.DB, ctx, row("LGWINDOW02"));
    expect(kept).toHaveLength(2);
    await Promise.all(kept);
    expect(await countRows("LGWINDOW")).toBe(2);
    const failed = await env.DB.prepare("SELECT status, source FROM lookup_log WHERE asin = 'LGWINDOW01'").first();
    expect(failed).toEqual({ status: 404, source: null });
  });

  it("keeps the rows when D1 fails, and writes them with the next batch", async () => {
    await flushLookupLog(env.DB);
    vi.spyOn(console, "error").mockImplementation(() => {});
    const failingOnce = new Proxy(env.DB, {
      get(target, property) {
        if (property === "prepare") return () => ({ bind: () => ({ run: () => Promise.reject(new Error("D1 is having a moment")) }) });
        const value = Reflect.get(target, property);
        return typeof value === "function" ? value.bind(target) : value;
      },
    });
    const { kept, ctx } = fakeContext();
    logLookup(failingOnce, ctx, row("LGRETRY001"));
    await Promise.all(kept);
    expect(await countRows("LGRETRY")).toBe(0);

    logLookup(env.DB, ctx, row("LGRETRY002"));
    logLookup(env.DB, ctx, row("LGRETRY001"));
    await Promise.all(kept);
    // The failed window's lookup and the next window's of the same ASIN travel as one row.
    const { results } = await env.DB.prepare("SELECT asin, lookups, duration_ms FROM lookup_log WHERE asin LIKE 'LGRETRY%' ORDER BY asin").all();
    expect(results).toEqual([
      { asin: "LGRETRY001", lookups: 2, duration_ms: 6 },
      { asin: "LGRETRY002", lookups: 1, duration_ms: 3 },
    ]);
  });
});

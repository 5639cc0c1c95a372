import { env } from "cloudflare:test";
import { beforeEach, describe, expect, it, vi } from "vitest";
import type { Bindings } from "../../../../worker/env";
import { ORDER_METRICS_INTERVAL_MS } from "../../../../worker/jobs/nightly-run/revenue-phase";
import { parseWalkCursor, SELLER_CONCURRENCY, walkCursor } from "../../../../worker/jobs/nightly-run/seller-walk";
import { connectSeller, fakeControl, registerLwaClient, sellerEnv, SPAPI_FAKE, TestBrowser } from "../../support/seller-browser";
import { asinRange, concurrentClock, insertWatchlist, resetHistoryTables, runSlicesToEnd } from "./support";

const DAY = "2026-11-22";
const START = Date.UTC(2026, 10, 22, 2, 0);
const ASINS_PER_SELLER = 3;

beforeEach(async () => {
  await resetHistoryTables();
  await env.DB.prepare("DELETE FROM seller_revenue").run();
  for (const level of ["log", "warn", "error"] as const) vi.spyOn(console, level).mockImplementation(() => {});
});

/** `count` connected sellers, each tracking its own ASINs in the US (unique to this test: the fake serves every file). */
async function sellers(bindings: Bindings, count: number) {
  const prefix = `B0${crypto.randomUUID().replace(/-/g, "").slice(0, 3).toUpperCase()}`;
  const all = [];
  for (let i = 0; i < count; i++) {
    const seller = await connectSeller(new TestBrowser(bindings));
    const user = await env.DB.prepare("SELECT id FROM users WHERE selling_partner_id = ?").bind(seller.sellingPartnerId).first<{ id: string }>();
    const asins = asinRange(`${prefix}${i}`, ASINS_PER_SELLER);
    await insertWatchlist(user!.id, asins.map((asin) => ({ marketplace: "US", asin })));
    all.push({ ...seller, userId: user!.id, asins });
  }
  return all;
}

/**
 * The run of DAY to its end with lanes side by side; returns its length by the run's clock. The
 * clock moves after 60 ms of real time without a new sleep (twice the default): on a loaded machine
 * a lane's D1 write can take longer than 30 ms, and the clock then moved on without it.
 */
async function runToEnd(bindings: Bindings, afterSlice?: () => Promise<void>): Promise<number> {
  const clock = concurrentClock(START, 60);
  await runSlicesToEnd(bindings, DAY, { clock, afterSlice });
  return clock.now() - START;
}

/** When (ms after the start, by the run's clock) each seller's last revenue row was written. */
async function revenueFinishedAt(userId: string): Promise<number> {
  const row = await env.DB.prepare("SELECT MAX(captured_at) AS at, COUNT(DISTINCT asin) AS asins FROM seller_revenue WHERE workspace_id = ? AND status = 'ok'").bind(userId).first<{ at: string; asins: number }>();
  expect(row!.asins).toBe(ASINS_PER_SELLER);
  return Date.parse(row!.at) - START;
}

describe("the seller walk", () => {
  it("processes sellers side by side: four sellers take about the time of one", async () => {
    const bindings = sellerEnv({ SNAPSHOT_REQUESTS_PER_SECOND: "" });
    await registerLwaClient(bindings);
    const [alone] = await sellers(bindings, 1);
    const oneSeller = await runToEnd(bindings);
    const oneRevenue = await revenueFinishedAt(alone!.userId);
    // Three getOrderMetrics calls at the seller's 0.5 call/s: the third starts 4 s in.
    expect(oneRevenue).toBeGreaterThanOrEqual(2 * ORDER_METRICS_INTERVAL_MS);

    await resetHistoryTables();
    const four = await sellers(bindings, 4);
    const fourSellers = await runToEnd(bindings);
    const finished = await Promise.all(four.map((seller) => revenueFinishedAt(seller.userId)));
    // One at a time, the last seller would finish about 3 × 4 s = 12 s after the first; side by side
    // they finish together (within one or two calls' interval when the machine is slow).
    expect(Math.max(...finished) - Math.min(...finished)).toBeLessThan(3 * ORDER_METRICS_INTERVAL_MS);
    expect(fourSellers).toBeLessThan(oneSeller + 3 * ORDER_METRICS_INTERVAL_MS);
    expect(SELLER_CONCURRENCY).toBeGreaterThanOrEqual(4);
  });

  it("keeps budgets per seller: one seller's 429 does not slow another, and a seller that keeps failing does not stop the others", async () => {
    const bindings = sellerEnv({ SNAPSHOT_REQUESTS_PER_SECOND: "" });
    await registerLwaClient(bindings);
    const [throttled, healthy] = await sellers(bindings, 2);
    for (const asin of throttled!.asins) await fakeControl(SPAPI_FAKE, "sales", { asin, behavior: "throttled", retryAfterSeconds: 60 });

    // The backoff is kept in the D1 cursor between slices, so a new slice never calls Amazon inside it.
    const savedWaits: number[] = [];
    const total = await runToEnd(bindings, async () => {
      const run = await env.DB.prepare("SELECT phase, cursor FROM job_runs WHERE day = ?").bind(DAY).first<{ phase: string; cursor: string | null }>();
      const waiting = run?.phase === "revenue" ? parseWalkCursor(run.cursor).active.get(throttled!.userId) : undefined;
      if (waiting) savedWaits.push(waiting.notBefore);
    });
    expect(Math.max(...savedWaits)).toBeGreaterThanOrEqual(START + 60_000);
    // Each backoff (60 s, then longer) is saved, not only those another seller's step happened to write.
    expect(new Set(savedWaits.filter((at) => at > 0)).size).toBeGreaterThanOrEqual(3);
    const healthyDone = await revenueFinishedAt(healthy!.userId);
    expect(healthyDone).toBeLessThan(3 * ORDER_METRICS_INTERVAL_MS + 1000);
    // The throttled seller kept backing off (Retry-After 60 s, then longer) long after the healthy one was done…
    expect(total).toBeGreaterThan(60_000 + healthyDone);
    // … and its days are stored as missing, never as zero.
    const { results } = await env.DB.prepare("SELECT DISTINCT status FROM seller_revenue WHERE workspace_id = ?").bind(throttled!.userId).all();
    expect(results).toEqual([{ status: "missing" }]);
  });

  it("keeps the sellers it has started, with their positions and waits, in the cursor", () => {
    const state = { after: "u3", active: new Map([["u2", { position: "US:B000000001", notBefore: 0 }], ["u3", { position: null, notBefore: 1234 }]]) };
    expect(parseWalkCursor(walkCursor(state))).toEqual(state);
    expect(parseWalkCursor(null)).toEqual({ after: "", active: new Map() });
  });
});

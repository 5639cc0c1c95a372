import { describe, expect, it } from "vitest";
import type { Marketplace } from "../../worker/contract/marketplaces";
import { takeBatchToken } from "../../worker/jobs/nightly-run/product-phase";
import { backoffMs, MAX_BATCH_ATTEMPTS } from "../../worker/jobs/nightly-run/slice";
import { localBudget, type BudgetClient } from "../../worker/upstreams/budget/budget-client";
import { BudgetedProductSource } from "../../worker/upstreams/creators/budgeted";
import { mockProduct } from "../../worker/upstreams/creators/mock";
import { UpstreamError, type ItemOutcome, type ProductSource } from "../../worker/upstreams/creators/product-source";
import { VirtualTime } from "./virtual-time";
import { DAY_MS } from "../../worker/contract/time";

/**
 * 1,000,000 tracked ASINs over three regions (one Creators credential each, 1 request/s, burst
 * 1), three simulated days, live lookups arriving all day at a steady rate. Real code: the
 * token bucket (token-bucket.ts via localBudget, the same functions the UpstreamBudget object
 * runs), the BudgetedProductSource decorator in both modes, the snapshot run's takeBatchToken
 * and its backoff; the upstream is an in-process fake Creators API that answers in 150 ms and
 * throttles one call in 20,000 (Retry-After 5 s).
 */
const START = Date.UTC(2026, 10, 22, 0, 0);
const DAYS = 3;
const RATE = 1;
const INTERVAL_MS = 1000 / RATE;
const LOOKUP_EVERY_MS = 4_000;
const REGIONS: { region: string; marketplace: Marketplace; asins: number }[] = [
  { region: "na", marketplace: "US", asins: 500_000 },
  { region: "eu", marketplace: "DE", asins: 350_000 },
  { region: "fe", marketplace: "JP", asins: 150_000 },
];

class FakeCreators implements ProductSource {
  readonly kind = "live" as const;
  calls = 0;
  throttled = 0;
  constructor(private readonly time: VirtualTime) {}
  async getItems(asins: readonly string[], marketplace: Marketplace): Promise<Map<string, ItemOutcome>> {
    this.calls += 1;
    await this.time.clock.sleep(150);
    if (this.calls % 20_000 === 0) {
      this.throttled += 1;
      throw new UpstreamError("throttled", "Rate exceeded", 5);
    }
    return new Map(asins.map((asin) => [asin, { ok: true, product: mockProduct(asin, marketplace) }]));
  }
}

interface RegionFigures {
  region: string;
  days: { day: number; runHours: number; batchCalls: number; lookupsInRun: number; busy: number; exactlyOnce: boolean }[];
  lookups: number;
  refused: number;
  maxWaitMs: number;
  throttled: number;
  /** Lookups that arrived during a 429's pause or slow-down. */
  duringPenalty: number;
}

async function simulateRegion(spec: (typeof REGIONS)[number]): Promise<RegionFigures> {
  const time = new VirtualTime(START);
  const fake = new FakeCreators(time);
  const bucket = localBudget({ ratePerSecond: RATE, burst: 1 });
  // A 429's pause and slow-down: lookups arriving then wait longer by design, so they are
  // counted apart from the one-interval promise.
  const penalties: [number, number][] = [];
  const budget: BudgetClient = {
    take: bucket.take,
    landed: bucket.landed,
    penalize: async (nowMs, retryAfterSeconds) => {
      penalties.push([nowMs, nowMs + 2 * retryAfterSeconds * 1000]);
      await bucket.penalize(nowMs, retryAfterSeconds);
    },
  };
  const runSource = new BudgetedProductSource(fake, () => budget, { mode: "prepaid", maxWaitMs: 0, clock: time.clock });
  const figures: RegionFigures = { region: spec.region, days: [], lookups: 0, refused: 0, maxWaitMs: 0, throttled: 0, duringPenalty: 0 };
  const lookupStarts: number[] = [];
  const end = START + DAYS * DAY_MS;

  // Live lookups: one every 4 s around the clock, each through the interactive decorator.
  const lookupSource = new BudgetedProductSource(
    { kind: "live", getItems: (asins, marketplace) => (lookupStarts.push(time.now), fake.getItems(asins, marketplace)) },
    () => budget,
    { mode: "interactive", maxWaitMs: 4000, clock: time.clock },
  );
  void time.spawn(async () => {
    for (let at = START + 1234; at < end; at += LOOKUP_EVERY_MS) {
      await time.sleepUntil(at);
      const arrived = time.now;
      void time.spawn(async () => {
        figures.lookups += 1;
        const before = lookupStarts.length;
        try {
          await lookupSource.getItems(["B0LOOKUP01"], spec.marketplace);
        } catch {
          // Refused by the bucket (or throttled upstream): the lookup answers from cache instead.
          if (lookupStarts.length === before) figures.refused += 1;
        }
        const inPenalty = penalties.some(([from, to]) => arrived >= from && arrived <= to);
        if (inPenalty) figures.duringPenalty += 1;
        else if (lookupStarts.length > before) figures.maxWaitMs = Math.max(figures.maxWaitMs, lookupStarts[before]! - arrived);
      });
    }
  });

  // The 02:00 run of each day: every ASIN, 10 per call, batch tokens only.
  for (let day = 0; day < DAYS; day++) {
    void time.spawn(async () => {
      await time.sleepUntil(START + day * DAY_MS + 2 * 3600_000);
      const runStart = time.now;
      const seen = new Uint8Array(spec.asins);
      let calls = 0;
      for (let first = 0; first < spec.asins; first += 10) {
        const ids = Array.from({ length: Math.min(10, spec.asins - first) }, (_, i) => `B${String(first + i).padStart(9, "0")}`);
        for (let attempt = 1; ; attempt++) {
          await takeBatchToken(budget, time.clock, Number.POSITIVE_INFINITY);
          calls += 1;
          try {
            await runSource.getItems(ids, spec.marketplace);
            for (let i = 0; i < ids.length; i++) seen[first + i]! += 1;
            break;
          } catch (error) {
            if (!(error instanceof UpstreamError) || attempt >= MAX_BATCH_ATTEMPTS) throw error;
            await time.clock.sleep(backoffMs(attempt, error.retryAfterSeconds));
          }
        }
      }
      const runEnd = time.now;
      const lookupsInRun = lookupStarts.filter((at) => at >= runStart && at <= runEnd).length;
      const capacity = (runEnd - runStart) / INTERVAL_MS;
      figures.days.push({
        day,
        runHours: (runEnd - runStart) / 3600_000,
        batchCalls: calls,
        lookupsInRun,
        busy: calls / (capacity - lookupsInRun),
        exactlyOnce: seen.every((count) => count === 1),
      });
    });
  }
  await time.run();
  figures.throttled = fake.throttled;
  return figures;
}

describe("simulation: one upstream budget per credential", () => {
  it("snapshots 1,000,000 ASINs once a day for 3 days over three regions while lookups go first", async () => {
    const started = performance.now();
    const results = [];
    for (const spec of REGIONS) results.push(await simulateRegion(spec));
    const lines = [`upstream budget simulation: ${REGIONS.reduce((n, r) => n + r.asins, 0).toLocaleString("en")} ASINs, ${DAYS} days, ${RATE} req/s per credential, a lookup every ${LOOKUP_EVERY_MS / 1000} s per region`];
    for (const figures of results) {
      for (const day of figures.days) {
        lines.push(
          `  ${figures.region} day ${day.day + 1}: run ${day.runHours.toFixed(2)} h, ${day.batchCalls.toLocaleString("en")} calls, ${day.lookupsInRun} lookups during it, ` +
            `quota left by lookups kept busy ${(day.busy * 100).toFixed(2)} %, every ASIN exactly once: ${day.exactlyOnce}`,
        );
      }
      lines.push(`  ${figures.region}: ${figures.lookups.toLocaleString("en")} lookups, longest wait ${figures.maxWaitMs} ms (one interval = ${INTERVAL_MS} ms), ${figures.refused} refused, ${figures.throttled} upstream 429s (${figures.duringPenalty} lookups arrived during their pause or slow-down)`);
    }
    lines.push(`  simulated in ${((performance.now() - started) / 1000).toFixed(1)} s wall time`);
    console.info(lines.join("\n"));

    for (const figures of results) {
      expect(figures.days).toHaveLength(DAYS);
      for (const day of figures.days) {
        expect(day.exactlyOnce).toBe(true);
        expect(day.busy).toBeGreaterThanOrEqual(0.95);
      }
      expect(figures.maxWaitMs).toBeLessThanOrEqual(INTERVAL_MS);
    }
  });
});

import { describe, expect, it } from "vitest";
import { localBudget } from "../../../../worker/upstreams/budget/budget-client";
import { availableAt, emptyBucket, MAX_PAUSE_SECONDS, penalize } from "../../../../worker/upstreams/budget/token-bucket";
import { BudgetedProductSource, MIN_CALL_MS } from "../../../../worker/upstreams/creators/budgeted";
import { UpstreamError, type GetItemsOptions, type ItemOutcome, type ProductSource } from "../../../../worker/upstreams/creators/product-source";
import { MAX_RETRY_AFTER_SECONDS, retryAfterSeconds } from "../../../../worker/upstreams/http";
import type { Marketplace } from "../../../../worker/contract/marketplaces";

const T = Date.UTC(2026, 11, 1, 2, 0);
const LIMITS = { ratePerSecond: 1, burst: 1 };

/** A source that answers after noting the time bound it was given, or fails as told. */
function innerSource(fail?: UpstreamError): ProductSource & { bounds: (number | undefined)[] } {
  const bounds: (number | undefined)[] = [];
  return {
    kind: "live",
    bounds,
    async getItems(asins: readonly string[], _marketplace: Marketplace, options?: GetItemsOptions) {
      bounds.push(options?.timeoutMs);
      if (fail) throw fail;
      return new Map<string, ItemOutcome>(asins.map((asin) => [asin, { ok: false, reason: "not_found", message: "x" }]));
    },
  };
}

function clockAt(start: number) {
  let now = start;
  return { now: () => now, sleep: async (ms: number) => void (now += ms) };
}

describe("pauses are bounded", () => {
  it("caps a Retry-After at an hour, whether seconds or a date in 2100", () => {
    expect(MAX_RETRY_AFTER_SECONDS).toBe(3600);
    expect(retryAfterSeconds("7")).toBe(7);
    expect(retryAfterSeconds("86400")).toBe(3600);
    expect(retryAfterSeconds("Fri, 01 Jan 2100 00:00:00 GMT")).toBe(3600);
  });

  it("a saved pause until 2100 ends within the hour; a penalty never pauses longer", () => {
    expect(MAX_PAUSE_SECONDS).toBe(3600);
    const stale = { tat: Date.UTC(2100, 0, 1), pausedUntil: Date.UTC(2100, 0, 1), slowUntil: Date.UTC(2100, 0, 1) };
    // The hour, plus one interval (doubled while the rate comes back after a pause).
    expect(availableAt(stale, LIMITS, T)).toBeLessThanOrEqual(T + 3600_000 + 2000);
    const penalized = penalize(emptyBucket(), T, 10 ** 9);
    expect(penalized.pausedUntil).toBe(T + 3600_000);
  });

  it("a 503 with Retry-After pauses the credential: the next lookup is refused as busy without a call", async () => {
    const budget = localBudget(LIMITS);
    const clock = clockAt(T);
    const inner = innerSource(new UpstreamError("unavailable", "503", 30));
    const source = new BudgetedProductSource(inner, () => budget, { mode: "interactive", maxWaitMs: 3000, clock });
    await expect(source.getItems(["B000000001"], "US")).rejects.toMatchObject({ kind: "unavailable" });
    clock.sleep(6000);
    await expect(source.getItems(["B000000002"], "US")).rejects.toMatchObject({ kind: "busy", retryAfterSeconds: 24 });
    expect(inner.bounds).toHaveLength(1);
  });
});

describe("a lookup's whole time stays within UPSTREAM_TIMEOUT_MS", () => {
  it("the call gets what is left after the wait for a token, and a wait that would leave it less than its share is refused", async () => {
    const budget = localBudget(LIMITS);
    const clock = clockAt(T);
    const inner = innerSource();
    const source = new BudgetedProductSource(inner, () => budget, { mode: "interactive", maxWaitMs: 3000, clock });
    await source.getItems(["B000000001"], "US");
    await source.getItems(["B000000002"], "US");
    // First: no wait, the full 3 s. Second: waited 1 s for its token, 2 s left for the call.
    expect(inner.bounds).toEqual([3000, 2000]);
    expect(clock.now() - T).toBe(1000);
    // At one request per 2 s, a second lookup would wait 2 s: that leaves the call less than its share (1.5 s of 3 s), so it is refused at once as busy.
    const slowBudget = localBudget({ ratePerSecond: 0.5, burst: 1 });
    const slow = new BudgetedProductSource(innerSource(), () => slowBudget, { mode: "interactive", maxWaitMs: 3000, clock });
    await slow.getItems(["B000000003"], "US");
    const before = clock.now();
    await expect(slow.getItems(["B000000004"], "US")).rejects.toMatchObject({ kind: "busy", retryAfterSeconds: 2 });
    expect(clock.now()).toBe(before);
    expect(MIN_CALL_MS).toBe(1500);
  });
});

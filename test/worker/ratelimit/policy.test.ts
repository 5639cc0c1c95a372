import { describe, expect, it } from "vitest";
import { decide, leaseSize, startOfNextMonth, type LimitDecision, type WindowCounts } from "../../../worker/ratelimit/policy";

const limits = { perMinute: 3, perMonth: 5 };
const t0 = Date.UTC(2026, 10, 22, 10, 15, 20); // 2026-11-22T10:15:20Z

/** Leases one block at each time, as the Durable Object would, carrying the counts along. */
function leaseAt(times: number[], use = limits) {
  let counts: WindowCounts | undefined;
  const decisions: LimitDecision[] = [];
  for (const now of times) {
    const step = decide(counts, use, now, "lease");
    counts = step.counts;
    decisions.push(step.decision);
  }
  return { decisions, counts };
}

describe("lease size", () => {
  it.each([
    [1, 1],
    [9, 1],
    [10, 1],
    [30, 3],
    [99, 9],
    [1_000, 100],
    [100_000_000, 100],
  ])("grants %i left as blocks of %i", (left, size) => {
    expect(leaseSize(left)).toBe(size);
  });
});

describe("lookup limit policy", () => {
  it("grants one at a time near the limit, then refuses until the next minute", () => {
    const { decisions } = leaseAt([t0, t0 + 1, t0 + 2, t0 + 3]);
    expect(decisions.map((d) => d.granted)).toEqual([1, 1, 1, 0]);
    expect(decisions.map((d) => d.allowed)).toEqual([true, true, true, false]);
    expect(decisions[3]).toMatchObject({ exceeded: "minute", limit: 3, remaining: 0, resetSeconds: 40 });
    expect(decisions[3]?.resetAt).toBe("2026-11-22T10:16:00.000Z");
  });

  it("grants blocks when much is left, counting them at once, never past either limit", () => {
    const roomy = { perMinute: 30, perMonth: 100 };
    const { decisions, counts } = leaseAt(Array.from({ length: 40 }, () => t0), roomy);
    const granted = decisions.map((d) => d.granted);
    expect(granted.slice(0, 3)).toEqual([3, 2, 2]);
    expect(granted.reduce((a, b) => a + b, 0)).toBe(30);
    expect(counts).toMatchObject({ minuteCount: 30, monthCount: 30 });
    expect(decisions.at(-1)).toMatchObject({ allowed: false, exceeded: "minute" });
  });

  it("makes a grant expire with its minute", () => {
    const { decisions } = leaseAt([t0]);
    expect(decisions[0]?.grantExpiresAt).toBe(Date.UTC(2026, 10, 22, 10, 16, 0));
  });

  it("gives the minute back when the window rolls over", () => {
    const { decisions } = leaseAt([t0, t0, t0, t0 + 40_000]);
    expect(decisions.map((d) => d.allowed)).toEqual([true, true, true, true]);
  });

  it("refuses past the monthly quota until the first of next month (UTC)", () => {
    const { decisions } = leaseAt([0, 1, 2, 3, 4, 5].map((m) => t0 + m * 60_000));
    expect(decisions.map((d) => d.allowed)).toEqual([true, true, true, true, true, false]);
    expect(decisions[5]).toMatchObject({ exceeded: "month", limit: 5, remaining: 0, granted: 0 });
    expect(decisions[5]?.resetAt).toBe("2026-12-01T00:00:00.000Z");
  });

  it("starts a fresh quota in a new calendar month", () => {
    const lastMinuteOfNovember = Date.UTC(2026, 10, 30, 23, 59, 0);
    const november = [4, 3, 2, 1, 0].map((m) => lastMinuteOfNovember - m * 60_000);
    const { decisions } = leaseAt([...november, Date.UTC(2026, 11, 1)]);
    expect(decisions.map((d) => d.allowed)).toEqual([true, true, true, true, true, true]);
    expect(decisions[5]).toMatchObject({ limit: 3, remaining: 2 });
  });

  it("reports the limit closest to running out", () => {
    const { decisions } = leaseAt([t0]);
    // 2 of 3 left this minute versus 4 of 5 this month.
    expect(decisions[0]).toMatchObject({ allowed: true, limit: 3, remaining: 2 });
    const almostMonth = decide({ minuteStart: t0 - (t0 % 60_000) - 60_000, minuteCount: 3, month: "2026-11", monthCount: 4 }, limits, t0, "lease");
    expect(almostMonth.decision).toMatchObject({ allowed: true, granted: 1, limit: 5, remaining: 0 });
  });

  it("never counts a refused request, and a peek never counts", () => {
    const full = { minuteStart: t0 - (t0 % 60_000), minuteCount: 3, month: "2026-11", monthCount: 3 };
    expect(decide(full, limits, t0, "lease").counts).toEqual(full);
    const fresh = decide(undefined, limits, t0, "peek");
    expect(fresh.counts.minuteCount).toBe(0);
    expect(fresh.decision).toMatchObject({ allowed: true, granted: 0, remaining: 3 });
  });

  it("rolls December into January", () => {
    expect(new Date(startOfNextMonth(Date.UTC(2026, 11, 31, 23))).toISOString()).toBe("2027-01-01T00:00:00.000Z");
  });
});

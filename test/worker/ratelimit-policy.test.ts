import { describe, expect, it } from "vitest";
import { decide, startOfNextMonth, type WindowCounts } from "../../worker/ratelimit/policy";

const limits = { perMinute: 3, perMonth: 5 };
const t0 = Date.UTC(2026, 10, 22, 10, 15, 20); // 2026-11-22T10:15:20Z

function run(times: number[], consume = true) {
  let counts: WindowCounts | undefined;
  return times.map((now) => {
    const step = decide(counts, limits, now, consume);
    counts = step.counts;
    return step.decision;
  });
}

describe("lookup limit policy", () => {
  it("allows up to the per-minute limit, then refuses until the next minute", () => {
    const decisions = run([t0, t0 + 1, t0 + 2, t0 + 3]);
    expect(decisions.map((d) => d.allowed)).toEqual([true, true, true, false]);
    expect(decisions[3]).toMatchObject({ exceeded: "minute", limit: 3, remaining: 0, resetSeconds: 40 });
    expect(decisions[3]?.resetAt).toBe("2026-11-22T10:16:00.000Z");
  });

  it("gives the minute back when the window rolls over", () => {
    const decisions = run([t0, t0, t0, t0 + 40_000]);
    expect(decisions.map((d) => d.allowed)).toEqual([true, true, true, true]);
  });

  it("refuses past the monthly quota until the first of next month (UTC)", () => {
    const minutes = [0, 1, 2, 3, 4, 5].map((m) => t0 + m * 60_000);
    const decisions = run(minutes);
    expect(decisions.map((d) => d.allowed)).toEqual([true, true, true, true, true, false]);
    expect(decisions[5]).toMatchObject({ exceeded: "month", limit: 5, remaining: 0 });
    expect(decisions[5]?.resetAt).toBe("2026-12-01T00:00:00.000Z");
  });

  it("starts a fresh quota in a new calendar month", () => {
    const lastMinuteOfNovember = Date.UTC(2026, 10, 30, 23, 59, 0);
    const decisions = run([0, 1, 2, 3, 4].map((m) => lastMinuteOfNovember - m * 60_000).reverse().concat(Date.UTC(2026, 11, 1)));
    expect(decisions.map((d) => d.allowed)).toEqual([true, true, true, true, true, true]);
    expect(decisions[5]).toMatchObject({ limit: 3, remaining: 2 });
  });

  it("reports the limit closest to running out", () => {
    const [first] = run([t0]);
    // 2 of 3 left this minute versus 4 of 5 this month.
    expect(first).toMatchObject({ allowed: true, limit: 3, remaining: 2 });
    const almostMonth = decide({ minuteStart: t0 - (t0 % 60_000) - 60_000, minuteCount: 3, month: "2026-11", monthCount: 4 }, limits, t0, true);
    expect(almostMonth.decision).toMatchObject({ allowed: true, limit: 5, remaining: 0 });
  });

  it("never counts a refused request, and a peek never counts", () => {
    const full = { minuteStart: t0 - (t0 % 60_000), minuteCount: 3, month: "2026-11", monthCount: 3 };
    expect(decide(full, limits, t0, true).counts).toEqual(full);
    const fresh = decide(undefined, limits, t0, false);
    expect(fresh.counts.minuteCount).toBe(0);
    expect(fresh.decision).toMatchObject({ allowed: true, remaining: 3 });
  });

  it("rolls December into January", () => {
    expect(new Date(startOfNextMonth(Date.UTC(2026, 11, 31, 23))).toISOString()).toBe("2027-01-01T00:00:00.000Z");
  });
});

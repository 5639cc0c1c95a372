import { describe, expect, it } from "vitest";
import { HOUR_MS } from "../../../worker/contract/time";
import { decideWindows, givenBack, leaseSize, startOfNextMonth, storedCounts, type Take, type Window, type WindowCounts, type WindowDecision } from "../../../worker/ratelimit/window";

/** The lookup limit's two windows, as lookup-limit.ts declares them. */
const lookupWindows = ({ perMinute, perMonth }: { perMinute: number; perMonth: number }): Window[] => [
  { name: "month", limit: perMonth, length: "month" },
  { name: "minute", limit: perMinute, length: 60_000 },
];

/** Takes at each time, as the Durable Object would, carrying the counts along. */
function takesAt(windows: Window[], times: number[], take: Take) {
  let counts: WindowCounts | undefined;
  const decisions: WindowDecision[] = [];
  for (const now of times) {
    const step = decideWindows(counts, windows, now, take);
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

describe("the lookup limit: a minute window and a calendar-month window", () => {
  const limits = { perMinute: 3, perMonth: 5 };
  const t0 = Date.UTC(2026, 10, 22, 10, 15, 20); // 2026-11-22T10:15:20Z
  const leaseAt = (times: number[], use = limits) => takesAt(lookupWindows(use), times, "lease");

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
    expect(counts).toMatchObject({ minute: { count: 30 }, month: { count: 30 } });
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
    const minuteStart = t0 - (t0 % 60_000);
    const stored = { minute: { start: minuteStart - 60_000, count: 3 }, month: { start: Date.UTC(2026, 10, 1), count: 4 } };
    const almostMonth = decideWindows(stored, lookupWindows(limits), t0, "lease");
    expect(almostMonth.decision).toMatchObject({ allowed: true, granted: 1, limit: 5, remaining: 0 });
  });

  it("never counts a refused request, and a peek never counts", () => {
    const full = { minute: { start: t0 - (t0 % 60_000), count: 3 }, month: { start: Date.UTC(2026, 10, 1), count: 3 } };
    expect(decideWindows(full, lookupWindows(limits), t0, "lease").counts).toEqual(full);
    const fresh = decideWindows(undefined, lookupWindows(limits), t0, "peek");
    expect(fresh.counts.minute?.count).toBe(0);
    expect(fresh.decision).toMatchObject({ allowed: true, granted: 0, remaining: 3 });
  });

  it("rolls December into January", () => {
    expect(new Date(startOfNextMonth(Date.UTC(2026, 11, 31, 23))).toISOString()).toBe("2027-01-01T00:00:00.000Z");
  });
});

describe("a single fixed window counted one hit at a time (contact messages, demo accounts, exports)", () => {
  const hour: Window[] = [{ name: "contact", limit: 5, length: 60 * 60 * 1000 }];
  const t0 = Date.UTC(2026, 10, 22, 10, 15, 0); // 10:15Z, in the 10:00–11:00 window
  const hitsAt = (times: number[]) => takesAt(hour, times, "one");

  it("allows the limit within a window and refuses the next hit", () => {
    const { decisions } = hitsAt([0, 1, 2, 3, 4, 5].map((i) => t0 + i * 1000));
    expect(decisions.map((d) => d.allowed)).toEqual([true, true, true, true, true, false]);
    expect(decisions.map((d) => d.remaining)).toEqual([4, 3, 2, 1, 0, 0]);
    expect(decisions[5]).toMatchObject({ limit: 5, resetAt: "2026-11-22T11:00:00.000Z", resetSeconds: 45 * 60 - 5 });
  });

  it("does not count refused hits", () => {
    const { counts } = hitsAt(Array.from({ length: 9 }, (_, i) => t0 + i));
    expect(counts?.contact?.count).toBe(5);
  });

  it("starts afresh when the next window begins", () => {
    const { decisions } = hitsAt([t0, t0, t0, t0, t0, t0, Date.UTC(2026, 10, 22, 11, 0, 0)]);
    expect(decisions[5]?.allowed).toBe(false);
    expect(decisions[6]).toMatchObject({ allowed: true, remaining: 4, resetAt: "2026-11-22T12:00:00.000Z" });
  });

  it("takes back a hit whose work failed: the window allows it again", () => {
    const { counts } = hitsAt([t0, t0, t0, t0, t0]);
    expect(decideWindows(counts, hour, t0 + 1, "one").decision.allowed).toBe(false);
    const back = givenBack(counts, hour, t0 + 1, 1);
    expect(back?.contact).toEqual({ start: counts!.contact!.start, count: 4 });
    expect(decideWindows(back, hour, t0 + 2, "one").decision).toMatchObject({ allowed: true, remaining: 0 });
  });

  it("gives back nothing to a window that has reset since, and never below zero", () => {
    const { counts } = hitsAt([t0, t0]);
    // The hits were counted in the 10:00 window; at 11:00 the fresh window keeps its own count.
    expect(givenBack(counts, hour, Date.UTC(2026, 10, 22, 11, 0, 0), 1)).toBeUndefined();
    expect(givenBack(counts, hour, t0, 5)?.contact?.count).toBe(0);
    expect(givenBack(undefined, hour, t0, 1)).toBeUndefined();
  });
});

describe("the API key hour, leased", () => {
  const hour = Date.UTC(2026, 10, 24, 14);
  const keyHour = (limit: number): Window[] => [{ name: "hour", limit, length: HOUR_MS }];

  it("grants a tenth of what is left, counts it, and reports the clock hour's reset", () => {
    const { counts, decision } = decideWindows(undefined, keyHour(1000), hour + 30 * 60_000, "lease");
    expect(counts.hour).toEqual({ start: hour, count: 100 });
    expect(decision).toMatchObject({ allowed: true, granted: 100, remaining: 900, resetSeconds: 1800 });
    expect(decision.resetAt).toBe(new Date(hour + HOUR_MS).toISOString());
    expect(decision.grantExpiresAt).toBe(hour + 31 * 60_000);
  });

  it("refuses a full hour without counting, and starts over in the next hour", () => {
    const full = { hour: { start: hour, count: 1000 } };
    expect(decideWindows(full, keyHour(1000), hour + 1, "lease")).toMatchObject({ counts: full, decision: { allowed: false, granted: 0, remaining: 0 } });
    expect(decideWindows(full, keyHour(1000), hour + HOUR_MS, "lease").decision).toMatchObject({ allowed: true, granted: 100 });
  });

  it("a peek counts nothing", () => {
    expect(decideWindows({ hour: { start: hour, count: 10 } }, keyHour(1000), hour, "peek")).toMatchObject({
      counts: { hour: { count: 10 } },
      decision: { granted: 0, remaining: 990 },
    });
  });
});

describe("counts stored before the limits shared one limiter", () => {
  it("reads the lookup limit's minute and month fields, and one window's bare count, as today's counts", () => {
    const minuteStart = Date.UTC(2026, 10, 22, 10, 15);
    expect(storedCounts({ minuteStart, minuteCount: 2, month: "2026-11", monthCount: 40 }, lookupWindows({ perMinute: 30, perMonth: 100 }))).toEqual({
      minute: { start: minuteStart, count: 2 },
      month: { start: Date.UTC(2026, 10, 1), count: 40 },
    });
    expect(storedCounts({ start: 5, count: 3 }, [{ name: "hour", limit: 10, length: HOUR_MS }])).toEqual({ hour: { start: 5, count: 3 } });
    expect(storedCounts(undefined, [])).toBeUndefined();
  });

  it("keeps a deployed month's count: a client at its quota stays refused", () => {
    const now = Date.UTC(2026, 10, 22, 10, 15, 20);
    const legacy = storedCounts({ minuteStart: 0, minuteCount: 0, month: "2026-11", monthCount: 5 }, lookupWindows({ perMinute: 3, perMonth: 5 }));
    expect(decideWindows(legacy, lookupWindows({ perMinute: 3, perMonth: 5 }), now, "lease").decision).toMatchObject({ allowed: false, exceeded: "month" });
  });
});

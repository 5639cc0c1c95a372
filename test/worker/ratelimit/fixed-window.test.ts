import { describe, expect, it } from "vitest";
import { hitWindow, type WindowCount, type WindowDecision } from "../../../worker/ratelimit/fixed-window";

const hour = { limit: 5, windowMs: 60 * 60 * 1000 };
const t0 = Date.UTC(2026, 10, 22, 10, 15, 0); // 10:15Z, in the 10:00–11:00 window

function hitsAt(times: number[]) {
  let count: WindowCount | undefined;
  const decisions: WindowDecision[] = [];
  for (const now of times) {
    const step = hitWindow(count, hour, now);
    count = step.count;
    decisions.push(step.decision);
  }
  return { decisions, count };
}

describe("fixed-window counter", () => {
  it("allows the limit within a window and refuses the next hit", () => {
    const { decisions } = hitsAt([0, 1, 2, 3, 4, 5].map((i) => t0 + i * 1000));
    expect(decisions.map((d) => d.allowed)).toEqual([true, true, true, true, true, false]);
    expect(decisions.map((d) => d.remaining)).toEqual([4, 3, 2, 1, 0, 0]);
    expect(decisions[5]).toMatchObject({ limit: 5, resetAt: "2026-11-22T11:00:00.000Z", resetSeconds: 45 * 60 - 5 });
  });

  it("does not count refused hits", () => {
    const { count } = hitsAt(Array.from({ length: 9 }, (_, i) => t0 + i));
    expect(count?.count).toBe(5);
  });

  it("starts afresh when the next window begins", () => {
    const { decisions } = hitsAt([t0, t0, t0, t0, t0, t0, Date.UTC(2026, 10, 22, 11, 0, 0)]);
    expect(decisions[5]?.allowed).toBe(false);
    expect(decisions[6]).toMatchObject({ allowed: true, remaining: 4, resetAt: "2026-11-22T12:00:00.000Z" });
  });
});

import { describe, expect, it } from "vitest";
import { MAX_ATTEMPTS, retryDelayMs } from "../../../../worker/jobs/delivery/retry-schedule";

const MINUTE = 60_000;

describe("retryDelayMs", () => {
  it.each([
    [1, 1 * MINUTE],
    [2, 5 * MINUTE],
    [3, 30 * MINUTE],
    [4, 120 * MINUTE],
    [5, null],
    [6, null],
    [0, null],
    [-1, null],
    [1.5, null],
  ])("after %s failed attempts waits %s ms", (attempts, delay) => {
    expect(retryDelayMs(attempts)).toBe(delay);
  });

  it("gives every attempt but the last a wait, so a delivery is tried MAX_ATTEMPTS times", () => {
    const waits = Array.from({ length: MAX_ATTEMPTS }, (_, index) => retryDelayMs(index + 1));
    expect(waits.filter((wait) => wait !== null)).toHaveLength(MAX_ATTEMPTS - 1);
    expect(waits.at(-1)).toBeNull();
  });
});

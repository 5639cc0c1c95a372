import { describe, expect, it } from "vitest";
import { accountsForStore, addSales, checkCursor, coversDays, figuresOf, soldNothing } from "../../../../worker/jobs/nightly-run/revenue-check";

const DAYS = ["2026-11-21", "2026-11-22"];
const sale = (day: string, units: number, amount: number) => ({ day, units, amount, currency: "USD" });

describe("the store-total check's arithmetic", () => {
  it("adds amounts in cents, so decimal sums compare exactly (0.1 + 0.2 is 0.3)", () => {
    const sums = addSales(figuresOf([sale(DAYS[0]!, 1, 0.1)]), [sale(DAYS[0]!, 1, 0.2)]);
    expect(sums).toEqual({ [DAYS[0]!]: [2, 30] });
    expect(accountsForStore(figuresOf([sale(DAYS[0]!, 2, 0.3), sale(DAYS[1]!, 0, 0)]), figuresOf([sale(DAYS[0]!, 2, 0.3), sale(DAYS[1]!, 0, 0)]), sums, DAYS)).toBe(true);
  });

  it("accounts for the store only when the totals before and after agree and equal the sums on every day, in units and money", () => {
    const total = figuresOf([sale(DAYS[0]!, 3, 30), sale(DAYS[1]!, 1, 9.99)]);
    const sums = figuresOf([sale(DAYS[0]!, 2, 20), sale(DAYS[0]!, 1, 10), sale(DAYS[1]!, 1, 9.99)]);
    expect(accountsForStore(total, total, sums, DAYS)).toBe(true);
    // An ASIN not asked sold on the second day.
    expect(accountsForStore(total, total, figuresOf([sale(DAYS[0]!, 3, 30)]), DAYS)).toBe(false);
    // The same units at another price: money differs.
    expect(accountsForStore(total, total, figuresOf([sale(DAYS[0]!, 3, 30), sale(DAYS[1]!, 1, 9.98)]), DAYS)).toBe(false);
    // An order came in (or was cancelled) between the two totals.
    expect(accountsForStore(total, figuresOf([sale(DAYS[0]!, 4, 40), sale(DAYS[1]!, 1, 9.99)]), sums, DAYS)).toBe(false);
    // The second total left a day out.
    expect(accountsForStore(total, figuresOf([sale(DAYS[0]!, 3, 30)]), sums, DAYS)).toBe(false);
  });

  it("says a store sold nothing only when every day was answered with zero", () => {
    expect(soldNothing(figuresOf([sale(DAYS[0]!, 0, 0), sale(DAYS[1]!, 0, 0)]), DAYS)).toBe(true);
    expect(soldNothing(figuresOf([sale(DAYS[0]!, 0, 0)]), DAYS)).toBe(false);
    expect(soldNothing(figuresOf([sale(DAYS[0]!, 0, 0), sale(DAYS[1]!, 1, 0)]), DAYS)).toBe(false);
    expect(coversDays(figuresOf([sale(DAYS[1]!, 0, 0)]), DAYS)).toBe(false);
  });

  it("keeps a check's position in the walk's cursor; a plain key cursor (the walk in key order, also from before the check) is none", () => {
    const position = { marketplace: "US", stage: "signal" as const, after: "B000000001", totals: { [DAYS[0]!]: [1, 100] as [number, number] }, sums: {}, currency: "USD" };
    expect(checkCursor.read(checkCursor.write(position))).toEqual(position);
    expect(checkCursor.read("US:B000000001")).toBeNull();
    expect(checkCursor.read(null)).toBeNull();
  });
});

import { describe, expect, it } from "vitest";
import { trackedOverflow } from "../../../worker/billing/entitlements";

const item = (key: string, product: string, day: number) => ({ key, product, createdAt: `2026-01-${String(day).padStart(2, "0")}` });

describe("trackedOverflow", () => {
  it("counts each product once, keeps the oldest products, returns every item of the newer ones", () => {
    const items = [item("w1", "US:A", 1), item("a1", "US:A", 5), item("a2", "US:B", 2), item("a3", "US:C", 3), item("w2", "US:C", 4), item("a4", "US:D", 6)];
    expect([...trackedOverflow(items, 2)].sort()).toEqual(["a3", "a4", "w2"]);
    expect(trackedOverflow(items, 4).size).toBe(0);
    expect(trackedOverflow(items, null).size).toBe(0);
  });
});

import { describe, expect, it } from "vitest";
import { limitChanges, planCoversMarketplace, planFromBilling, type LimitedItem } from "../../../worker/billing/entitlements";
import { ENTERPRISE_PLAN, FREE_PLAN, PRO_PLAN } from "../../../worker/contract/plans";

describe("planFromBilling", () => {
  it.each([
    ["active", PRO_PLAN],
    ["trialing", PRO_PLAN],
    ["past_due", PRO_PLAN],
    ["canceled", FREE_PLAN],
    ["unpaid", FREE_PLAN],
    ["incomplete_expired", FREE_PLAN],
    ["incomplete", FREE_PLAN],
    [null, FREE_PLAN],
  ])("status %s → %s", (status, plan) => {
    expect(planFromBilling(status, false)).toBe(plan);
  });

  it("a hand-assigned Enterprise row wins over any subscription", () => {
    expect(planFromBilling(null, true)).toBe(ENTERPRISE_PLAN);
    expect(planFromBilling("canceled", true)).toBe(ENTERPRISE_PLAN);
  });

  it("Free covers US only; Pro every marketplace by code", () => {
    expect(planCoversMarketplace(FREE_PLAN, "US")).toBe(true);
    expect(planCoversMarketplace(FREE_PLAN, "DE")).toBe(false);
    expect(["US", "CA", "MX", "UK", "DE", "FR", "IT", "ES", "JP"].every((code) => planCoversMarketplace(PRO_PLAN, code))).toBe(true);
  });
});

const item = (key: string, day: number, extra: Partial<LimitedItem> = {}): LimitedItem => ({
  key,
  marketplace: "US",
  createdAt: `2026-01-${String(day).padStart(2, "0")}T00:00:00.000Z`,
  running: true,
  pausedByPlan: false,
  ...extra,
});

describe("limitChanges", () => {
  it("pauses the newest running items past the limit, and those outside the plan's marketplaces", () => {
    const items = [item("a", 1), item("b", 2), item("c", 3), item("de", 4, { marketplace: "DE" }), item("d", 5)];
    expect(limitChanges(items, 2, FREE_PLAN)).toEqual({ pause: ["de", "c", "d"], resume: [] });
  });

  it("resumes plan-paused items oldest first while there is room, never user-paused ones", () => {
    const items = [
      item("a", 1),
      item("user", 2, { running: false }),
      item("p1", 3, { running: false, pausedByPlan: true }),
      item("p2", 4, { running: false, pausedByPlan: true }),
    ];
    expect(limitChanges(items, 2, FREE_PLAN)).toEqual({ pause: [], resume: ["p1"] });
    expect(limitChanges(items, 500, PRO_PLAN)).toEqual({ pause: [], resume: ["p1", "p2"] });
    expect(limitChanges(items, null, ENTERPRISE_PLAN)).toEqual({ pause: [], resume: ["p1", "p2"] });
  });

  it("never swaps a running item for an older paused one, and is idempotent", () => {
    const items = [item("old-paused", 1, { running: false, pausedByPlan: true }), item("a", 2), item("b", 3)];
    expect(limitChanges(items, 2, FREE_PLAN)).toEqual({ pause: [], resume: [] });
  });
});

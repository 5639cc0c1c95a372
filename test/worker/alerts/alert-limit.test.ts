import { describe, expect, it } from "vitest";
import { canActivateAlert, ENTERPRISE_PLAN, FREE_PLAN, PRO_PLAN } from "../../../worker/contract/plans";

describe("the active-alert limit of each plan", () => {
  it("is 5 on Free and 500 on Pro; Enterprise is agreed with sales", () => {
    expect([FREE_PLAN.activeAlertLimit, PRO_PLAN.activeAlertLimit, ENTERPRISE_PLAN.activeAlertLimit]).toEqual([5, 500, null]);
  });

  it.each([
    [FREE_PLAN, 0, true],
    [FREE_PLAN, 4, true],
    [FREE_PLAN, 5, false],
    [FREE_PLAN, 6, false],
    [PRO_PLAN, 5, true],
    [PRO_PLAN, 499, true],
    [PRO_PLAN, 500, false],
    [ENTERPRISE_PLAN, 100_000, true],
  ])("%$name plan with %i active alerts: may activate another → %s", (plan, active, expected) => {
    expect(canActivateAlert(plan, active)).toBe(expected);
  });

  it("follows the plan facts when they change", () => {
    expect(canActivateAlert({ ...FREE_PLAN, activeAlertLimit: 1 }, 0)).toBe(true);
    expect(canActivateAlert({ ...FREE_PLAN, activeAlertLimit: 1 }, 1)).toBe(false);
  });
});

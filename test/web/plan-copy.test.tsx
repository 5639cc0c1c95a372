import { describe, expect, it } from "vitest";
import { ENTERPRISE_PLAN, FREE_PLAN, PRO_PLAN, type Plan } from "@contract/plans";
import { compareAllowance, exportAllowance, listMarketplaces, lookupAllowance, monthlyPrice } from "../../web/src/lib/plan-copy";

const withLimits = (overrides: Partial<Plan>): Plan => ({ ...FREE_PLAN, ...overrides });

describe("plan copy", () => {
  it("words the monthly lookup allowance, and calls only an uncapped plan unlimited", () => {
    expect(lookupAllowance(FREE_PLAN)).toBe("100 lookups a month");
    expect(lookupAllowance(withLimits({ lookupsPerMonth: 2500 }))).toBe("2,500 lookups a month");
    expect(lookupAllowance(PRO_PLAN)).toBe("Unlimited lookups");
  });

  it("words the compare limit", () => {
    expect(compareAllowance(FREE_PLAN)).toBe("up to 5 ASINs");
    expect(compareAllowance(PRO_PLAN)).toBe("up to 10 ASINs");
    expect(compareAllowance(ENTERPRISE_PLAN)).toBe("as many ASINs as agreed with sales");
  });

  it("words the daily export allowance", () => {
    expect(exportAllowance(FREE_PLAN)).toBe("5 exports a day");
    expect(exportAllowance(PRO_PLAN)).toBe("CSV and PDF exports");
  });

  it("words the monthly price", () => {
    expect(monthlyPrice(FREE_PLAN)).toBe("$0");
    expect(monthlyPrice(PRO_PLAN)).toBe("$49 a month");
    expect(monthlyPrice(ENTERPRISE_PLAN)).toBe("Custom pricing");
  });

  it.each([
    [[], ""],
    [["US"], "US"],
    [["US", "UK"], "US and UK"],
    [["US", "UK", "EU", "JP"], "US, UK, EU and JP"],
  ])("lists marketplaces %j as %j", (codes, expected) => {
    expect(listMarketplaces(codes)).toBe(expected);
  });
});

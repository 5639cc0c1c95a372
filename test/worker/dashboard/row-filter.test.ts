import { describe, expect, it } from "vitest";
import { matchesFilter, UNCATEGORIZED, UNKNOWN_BRAND } from "../../../worker/dashboard/row-filter";

describe("brand and category filters", () => {
  const known = { brand: "Acme", category: "Toys" };
  const bare = { brand: null, category: null };

  it("a row without a brand or category is found under the names the portfolio lists it by", () => {
    expect(matchesFilter(bare, { brand: UNKNOWN_BRAND })).toBe(true);
    expect(matchesFilter(bare, { category: UNCATEGORIZED })).toBe(true);
    expect(matchesFilter(known, { brand: UNKNOWN_BRAND })).toBe(false);
    expect(matchesFilter(bare, { brand: "Acme" })).toBe(false);
  });

  it("matches exact brands and categories, and everything without a filter", () => {
    expect(matchesFilter(known, { brand: "Acme", category: "Toys" })).toBe(true);
    expect(matchesFilter(known, { brand: "Acme", category: "Games" })).toBe(false);
    expect(matchesFilter(known, {})).toBe(true);
    expect(matchesFilter(bare, { brand: null, category: null })).toBe(true);
  });
});

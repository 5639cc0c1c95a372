import { describe, expect, it } from "vitest";
import type { DashboardRow } from "../../../worker/contract/dashboard";
import { sortDashboardRows } from "../../../worker/contract/dashboard-rows";

const row = (asin: string, price: DashboardRow["price"]) => ({ asin, price }) as DashboardRow;

describe("sorting the tracked table by price", () => {
  const rows = [row("JP-HIGH", { amount: 4914, currency: "JPY" }), row("US-LOW", { amount: 9.99, currency: "USD" }), row("NONE", null), row("US-HIGH", { amount: 19.99, currency: "USD" }), row("JP-LOW", { amount: 980, currency: "JPY" }), row("DE", { amount: 28.99, currency: "EUR" })];

  // A watchlist across marketplaces: ¥4,914 is no dearer than $19.99, so amounts are compared within a currency only.
  it("groups by currency, then orders the amounts within each, rows without a price last", () => {
    expect(sortDashboardRows(rows, "price", true).map((r) => r.asin)).toEqual(["DE", "JP-LOW", "JP-HIGH", "US-LOW", "US-HIGH", "NONE"]);
    expect(sortDashboardRows(rows, "price", false).map((r) => r.asin)).toEqual(["DE", "JP-HIGH", "JP-LOW", "US-HIGH", "US-LOW", "NONE"]);
  });
});

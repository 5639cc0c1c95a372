import { describe, expect, it } from "vitest";
import type { ClientsOverview, PortfolioResponse } from "../../../worker/contract/dashboard";
import { clientNotes, revenueNote } from "../../../worker/exports/datasets/portfolio";

const SOURCE = { kind: "spapi" as const, label: "Amazon SP-API", asOf: "2026-11-27T02:00:00.000Z" };

describe("the portfolio export's notes write money with the currency's own decimals", () => {
  it("a yen total has none, a dollar total two", () => {
    const kpis: PortfolioResponse["kpis"] = {
      totalRevenue: { amount: 1_234_567, currency: "JPY" },
      revenueNote: null,
      revenueSource: SOURCE,
      revenueMissingDays: 0,
      averageRank: 1200,
      topPerformers: 1,
      needsAttention: 0,
      rankSource: SOURCE,
    };
    expect(revenueNote(kpis)).toBe("1,234,567 JPY (Amazon SP-API, as of 2026-11-27T02:00:00.000Z).");
    expect(revenueNote({ ...kpis, totalRevenue: { amount: 1234.5, currency: "USD" } })).toMatch(/^1,234\.50 USD \(/);
  });

  it("each client's revenue per currency, never converted", () => {
    const clients: ClientsOverview = {
      revenueByCurrency: [
        { amount: 98_000, currency: "JPY" },
        { amount: 955.9, currency: "MXN" },
      ],
      revenueSource: SOURCE,
      averageRank: null,
      rankSource: SOURCE,
      topPerformers: 0,
      needsAttention: 0,
      rows: [{ connectionId: "c1", name: "Acme", region: "fe", products: 2, averageRank: null, rankChangePercent: null, revenue: [{ amount: 98_000, currency: "JPY" }], status: "steady" }],
    };
    const [all, acme] = clientNotes(clients);
    expect(all).toContain("revenue 98,000 JPY + 955.90 MXN (per currency, not converted)");
    expect(acme).toContain("revenue 98,000 JPY,");
  });
});

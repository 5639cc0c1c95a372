import { describe, expect, it } from "vitest";
import { aggregateClients, totalsByCurrency, type AsinFigures } from "../../../worker/dashboard/client-portfolio";

/** The loader's sources, passed through to the overview as they are. */
const SOURCES = {
  revenue: { kind: "spapi" as const, label: "Amazon SP-API (Sales)", asOf: "2026-11-28T02:20:00.000Z" },
  rank: { kind: "live" as const, label: "Amazon Creators API", asOf: "2026-11-28T02:05:00.000Z" },
};
const ACME_US = { id: "c-us", name: "Acme US", region: "na" };
const ACME_EU = { id: "c-eu", name: "Acme EU", region: "eu" };
const figures = new Map<string, AsinFigures>([
  ["US:B000000001", { rank: 1_000, rankChangePercent: -4 }],
  ["US:B000000002", { rank: 3_000, rankChangePercent: -2 }],
  ["DE:B000000003", { rank: 80_000, rankChangePercent: 25 }],
  ["DE:B000000004", { rank: null, rankChangePercent: null }],
]);
const assets = [
  { connectionId: "c-us", key: "US:B000000001" },
  { connectionId: "c-us", key: "US:B000000002" },
  { connectionId: "c-us", key: "US:B000000002" },
  { connectionId: "c-eu", key: "DE:B000000003" },
  { connectionId: "c-eu", key: "DE:B000000004" },
];

describe("aggregateClients (the aggregated portfolio, pure)", () => {
  it("keeps revenue per currency, never converting, for every client and in total", () => {
    const overview = aggregateClients({ sources: SOURCES,
      connections: [ACME_US, ACME_EU],
      assets,
      figures,
      revenue: [
        { connectionId: "c-us", currency: "USD", amount: 120.104 },
        { connectionId: "c-eu", currency: "EUR", amount: 80.5 },
        // A client selling in two currencies (an EU account in UK and DE) keeps both.
        { connectionId: "c-eu", currency: "GBP", amount: 10 },
      ],
    });
    expect(overview.revenueByCurrency).toEqual([
      { currency: "USD", amount: 120.1 },
      { currency: "EUR", amount: 80.5 },
      { currency: "GBP", amount: 10 },
    ]);
    expect(overview.rows.map((row) => [row.name, row.revenue])).toEqual([
      ["Acme US", [{ currency: "USD", amount: 120.1 }]],
      ["Acme EU", [{ currency: "EUR", amount: 80.5 }, { currency: "GBP", amount: 10 }]],
    ]);
  });

  it("averages rank over every ASIN, and rates each client with the brand rules", () => {
    const overview = aggregateClients({ sources: SOURCES, connections: [ACME_US, ACME_EU], assets, figures, revenue: [] });
    expect(overview.averageRank).toBe(Math.round((1_000 + 3_000 + 80_000) / 3));
    expect(overview.rows).toEqual([
      { connectionId: "c-us", name: "Acme US", region: "na", products: 2, averageRank: 2_000, rankChangePercent: -3, revenue: [], status: "top-performer" },
      { connectionId: "c-eu", name: "Acme EU", region: "eu", products: 2, averageRank: 80_000, rankChangePercent: 25, revenue: [], status: "needs-attention" },
    ]);
    expect([overview.topPerformers, overview.needsAttention]).toEqual([1, 1]);
  });

  it("counts only the clients given (a drill-down), and a client without data shows no figures", () => {
    const overview = aggregateClients({ sources: SOURCES,
      connections: [{ id: "c-new", name: "New client", region: "fe" }],
      assets,
      figures: new Map(),
      revenue: [{ connectionId: "c-us", currency: "USD", amount: 5 }],
    });
    expect(overview.revenueByCurrency).toEqual([]);
    expect(overview.rows).toEqual([
      { connectionId: "c-new", name: "New client", region: "fe", products: 0, averageRank: null, rankChangePercent: null, revenue: [], status: "steady" },
    ]);
  });

  it("totalsByCurrency sums per currency, largest first, to the cent", () => {
    expect(totalsByCurrency([{ currency: "JPY", amount: 1200 }, { currency: "USD", amount: 0.1 }, { currency: "USD", amount: 0.2 }])).toEqual([
      { currency: "JPY", amount: 1200 },
      { currency: "USD", amount: 0.3 },
    ]);
  });
});

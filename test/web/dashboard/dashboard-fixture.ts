import type { DashboardResponse, DashboardRow } from "@contract/dashboard";

const LIVE = { kind: "live" as const, label: "Amazon Creators API", asOf: "2026-11-24T02:00:05.000Z" };
const SPAPI = { kind: "spapi" as const, label: "Amazon SP-API (FBA Inventory, Product Pricing)", asOf: "2026-11-24T02:10:00.000Z" };

export function dashboardRow(overrides: Partial<DashboardRow> = {}): DashboardRow {
  return {
    asin: "B0DASH0001",
    marketplace: "US",
    title: "Acme Gel Pen Set",
    image: null,
    brand: "Acme",
    category: "Office Products",
    rank: 1200,
    rankChange7d: -300,
    velocity: { rankChangePercent: -20, slopePerDay: -50, best: 1200, worst: 1500 },
    price: { amount: 9.99, currency: "USD" },
    buyBox: "you",
    buyBoxes: { prime: "you", nonPrime: "you" },
    fulfillableUnits: 8,
    sparkline: [
      { day: "2026-11-18", rank: 1500 },
      { day: "2026-11-24", rank: 1200 },
    ],
    rankSource: LIVE,
    sellerSource: SPAPI,
    ...overrides,
  };
}

/** A connected seller's dashboard with two ASINs, one of them low on stock. */
export function dashboard(rows: DashboardRow[] = [dashboardRow(), dashboardRow({ asin: "B0DASH0002", rank: 300, rankChange7d: 10, buyBox: "other", fulfillableUnits: 50, velocity: { rankChangePercent: 3.4, slopePerDay: 1.7, best: 290, worst: 300 } })]): DashboardResponse {
  return {
    marketplaces: ["US"],
    brand: null,
    kpis: {
      tracked: { value: rows.length, source: LIVE },
      averageRank: { value: 750, source: LIVE },
      buyBox: { held: 1, of: 2, source: SPAPI },
      lowStock: { value: 1, source: SPAPI },
      biggestMover: { asin: "B0DASH0001", marketplace: "US", rankChangePercent: -20 },
      biggestMoverSource: LIVE,
    },
    rows,
    demo: false,
    intraday: true,
  };
}

import { describe, expect, it } from "vitest";
import type { DashboardResponse, DashboardRow } from "../../../worker/contract/dashboard";
import { dashboardBody } from "../../../worker/dashboard/dashboard-page";
import { dashboardKpis } from "../../../worker/dashboard/kpis";
import { proBrowser } from "../history/accounts";

const LIVE = { kind: "live" as const, label: "Amazon Creators API", asOf: "2026-11-24T02:00:05.000Z" };

function row(asin: string, rank: number | null, units: number | null = null): DashboardRow {
  return {
    asin, marketplace: "US", title: null, image: null, brand: null, category: null, rank,
    rankChange7d: rank === null ? null : 5, velocity: { rankChangePercent: rank === null ? null : 1, slopePerDay: null, best: rank, worst: rank },
    price: null, buyBox: "unknown", buyBoxes: { prime: "unknown", nonPrime: "unknown" }, fulfillableUnits: units, sparkline: [], rankSource: rank === null ? { kind: null, label: "No snapshot yet", asOf: null } : LIVE,
    sellerSource: { kind: null, label: "No snapshot yet", asOf: null },
  };
}

const base = { marketplaces: ["US" as const], brand: null, demo: false, intraday: true };
// 120 rows: ranks 120..1 with every tenth rank missing, in ASIN order as the store reads them.
const ROWS = Array.from({ length: 120 }, (_, i) => row(`B0ROW${String(i).padStart(5, "0")}`, i % 10 === 9 ? null : 120 - i, i));

describe("dashboardBody", () => {
  it("without a page answers every row, with the KPIs over all of them", () => {
    const body = dashboardBody(ROWS, {}, base);
    expect(body.rows).toHaveLength(120);
    expect(body.page).toBeUndefined();
    expect(body.kpis).toEqual(dashboardKpis(ROWS));
  });

  it("with a page answers that page of the sorted rows (missing figures last) and the KPIs of every row", () => {
    const first = dashboardBody(ROWS, { page: 1, pageSize: 50 }, base);
    expect(first.page).toEqual({ number: 1, size: 50, total: 120, pages: 3, sort: "rank", order: "asc" });
    // Rank 1 is one of the missing ones (every tenth row): 2, 3, 4 lead.
    expect(first.rows.map((r) => r.rank).slice(0, 3)).toEqual([2, 3, 4]);
    expect(first.kpis).toEqual(dashboardKpis(ROWS));
    expect(first.anyRankChange).toBe(true);
    const last = dashboardBody(ROWS, { page: 3, pageSize: 50 }, base);
    expect(last.rows).toHaveLength(20);
    expect(last.rows.slice(-12).every((r) => r.rank === null)).toBe(true);
    const down = dashboardBody(ROWS, { page: 1, pageSize: 5, sort: "units", order: "desc" }, base);
    expect(down.rows.map((r) => r.fulfillableUnits)).toEqual([119, 118, 117, 116, 115]);
  });

  it("clamps a page past the end to the last one, and an empty list to page 1 of 1", () => {
    expect(dashboardBody(ROWS, { page: 99, pageSize: 50 }, base).page).toMatchObject({ number: 3, pages: 3 });
    expect(dashboardBody([], { page: 4 }, base)).toMatchObject({ rows: [], page: { number: 1, pages: 1, total: 0, size: 50 }, anyRankChange: false });
  });
});

describe("GET /api/dashboard with paging", () => {
  it("answers one page of the user's rows with the page figures; bad paging is a 422 with a detail", async () => {
    const browser = await proBrowser();
    const asins = ["B0PGAA0003", "B0PGAA0001", "B0PGAA0002"];
    for (const asin of asins) expect((await browser.json("/api/watchlist", "POST", { asin, marketplace: "US" })).status).toBe(201);

    const res = await browser.request("/api/dashboard?page=2&pageSize=2&sort=asin&order=asc");
    expect(res.status).toBe(200);
    const body = await res.json<DashboardResponse>();
    expect(body.rows.map((r) => r.asin)).toEqual(["B0PGAA0003"]);
    expect(body.page).toEqual({ number: 2, size: 2, total: 3, pages: 2, sort: "asin", order: "asc" });
    expect(body.kpis.tracked.value).toBe(3);

    const all = await (await browser.request("/api/dashboard")).json<DashboardResponse>();
    expect(all.rows).toHaveLength(3);
    expect(all.page).toBeUndefined();

    for (const [query, field] of [["page=0", "page"], ["pageSize=201", "pageSize"], ["page=two", "page"], ["sort=title", "sort"], ["order=up", "order"]] as const) {
      const bad = await browser.request(`/api/dashboard?${query}`);
      expect(bad.status, query).toBe(422);
      const { detail } = await bad.json<{ detail: { loc: string[]; msg: string }[] }>();
      expect(detail[0]?.loc, query).toEqual(["query", field]);
      expect(detail[0]?.msg, query).toMatch(new RegExp(field));
    }
  });
});

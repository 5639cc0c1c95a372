import { screen } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import type { HistoryResponse } from "@contract/history";
import { jsonResponse, renderRoutes } from "../helpers";
import { dashboard, dashboardRow } from "../dashboard/dashboard-fixture";
import { demoUser, fakeApi, json } from "../seller/fake-api";

// Canvas drawing is the browser suite's; here only what the page asks the API for.
vi.mock("uplot", () => ({ default: class { setSize() {} destroy() {} } }));
vi.mock("uplot/dist/uPlot.min.css", () => ({}));

const history = (asin: string, source: "live" | "mock" = "mock"): HistoryResponse => ({
  asin,
  marketplace: "US",
  range: "7d",
  days: 7,
  points: [{ day: "2026-11-27", source, rank: 120, categoryRanks: [], price: 19.99, currency: "USD", offers: 3, rating: null, reviewCount: null }],
  velocity: { rankChangePercent: null, slopePerDay: null, best: 120, worst: 120 },
});

/** The dashboard's two tracked ASINs; `liveAsin`'s points are live, the other's mock. */
function serve(intraday: boolean, liveAsin?: string) {
  return fakeApi({
    "GET /api/user/status": json(demoUser()),
    "GET /api/notifications/unread-count": json({ unread: 0 }),
    "GET /api/dashboard": json({ ...dashboard([dashboardRow({ asin: "B0SAMPLE01" }), dashboardRow({ asin: "B0SAMPLE02" })]), intraday }),
    "GET /api/history": ({ url }) => {
      const asin = url.searchParams.get("asin")!;
      return jsonResponse(history(asin, asin === liveAsin ? "live" : "mock"));
    },
    "GET /api/dashboard/intraday": json({ series: [] }),
  });
}

describe("/rank-trends signed in", () => {
  it("charts a Free plan's daily points without asking for the intraday points it does not have", async () => {
    const api = serve(false);
    renderRoutes("/rank-trends");
    await screen.findByRole("heading", { name: "Velocity" });
    expect(api.requests("GET /api/history").map(({ url }) => url.searchParams.get("asin")).sort()).toEqual(["B0SAMPLE01", "B0SAMPLE02"]);
    expect(api.requests("GET /api/dashboard/intraday")).toEqual([]);
  });

  it("says every point is mock when no point is live", async () => {
    serve(false);
    renderRoutes("/rank-trends");
    expect(await screen.findByText("Every point comes from RankLayer's mock source, not from Amazon.")).toBeTruthy();
  });

  it("says some points are mock when others are live", async () => {
    serve(false, "B0SAMPLE02");
    renderRoutes("/rank-trends");
    expect(await screen.findByText("Some points come from RankLayer's mock source, not from Amazon.")).toBeTruthy();
  });

  it("asks for the intraday points once per marketplace when the plan has them", async () => {
    const api = serve(true);
    renderRoutes("/rank-trends");
    await screen.findByRole("heading", { name: "Velocity" });
    const [request, ...more] = api.requests("GET /api/dashboard/intraday");
    expect(more).toEqual([]);
    expect(Object.fromEntries(request!.url.searchParams)).toEqual({ marketplace: "US", asins: "B0SAMPLE01,B0SAMPLE02", range: "7d" });
  });

  it("asks for at least one ASIN when every one is unchecked, instead of empty charts", async () => {
    serve(false);
    const { user } = renderRoutes("/rank-trends");
    await screen.findByRole("heading", { name: "Velocity" });
    for (const box of screen.getAllByRole("checkbox")) await user.click(box);
    expect(await screen.findByText("Pick at least one ASIN above to chart its rank and price.")).toBeTruthy();
    expect(screen.queryByText("No data to chart yet.")).toBeNull();
    expect(screen.queryByRole("heading", { name: "Velocity" })).toBeNull();
  });

  it("points a demo account without tracked ASINs to the sample products", async () => {
    fakeApi({ "GET /api/user/status": json(demoUser()), "GET /api/dashboard": json({ ...dashboard([]), demo: true, intraday: false }) });
    renderRoutes("/rank-trends");
    expect(await screen.findByText(/No tracked ASINs yet: add some on Seller Central or Alerts to chart their ranks\. Seller Central also offers the demo's sample products/)).toBeTruthy();
  });
});

describe("/rank-trends velocity", () => {
  it("says what each ASIN's velocity is based on: its ranked days of the span, missed days left out", async () => {
    const point = (day: string, rank: number | null) => ({ day, source: "mock" as const, rank, categoryRanks: [], price: 19.99, currency: "USD", offers: 3, rating: null, reviewCount: null });
    const gappy: HistoryResponse = {
      ...history("B0SAMPLE01"),
      // The 23rd missed, the 25th without a rank.
      points: [point("2026-11-21", 100), point("2026-11-22", 110), point("2026-11-24", 90), point("2026-11-25", null), point("2026-11-27", 95)],
      velocity: { rankChangePercent: -5, slopePerDay: -1.2, best: 90, worst: 110 },
    };
    fakeApi({
      "GET /api/user/status": json(demoUser()),
      "GET /api/notifications/unread-count": json({ unread: 0 }),
      "GET /api/dashboard": json({ ...dashboard([dashboardRow({ asin: "B0SAMPLE01" }), dashboardRow({ asin: "B0SAMPLE02" })]), intraday: false }),
      "GET /api/history": ({ url }) => jsonResponse(url.searchParams.get("asin") === "B0SAMPLE01" ? gappy : history("B0SAMPLE02")),
      "GET /api/dashboard/intraday": json({ series: [] }),
    });
    renderRoutes("/rank-trends");
    await screen.findByRole("columnheader", { name: "Based on" });
    expect(await screen.findByText("4 ranked days of 7, 2026-11-21 to 2026-11-27")).toBeTruthy();
    expect(screen.getByText("1 ranked day, 2026-11-27")).toBeTruthy();
  });
});

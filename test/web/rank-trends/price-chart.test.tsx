import { screen, waitFor, within } from "@testing-library/react";
import type uPlot from "uplot";
import { beforeEach, describe, expect, it, vi } from "vitest";
import type { HistoryPoint, HistoryResponse } from "@contract/history";
import type { Marketplace } from "@contract/marketplaces";
import { currenciesOf, currencyOf, inCurrency } from "../../../web/src/pages/rank-trends/trend-series";
import { jsonResponse, renderRoutes } from "../helpers";
import { dashboard, dashboardRow } from "../dashboard/dashboard-fixture";
import { demoUser, fakeApi, json } from "../seller/fake-api";

/** Each chart's uPlot options, by the chart's accessible name (canvas drawing is the browser suite's). */
const charts = new Map<string, uPlot.Options>();
vi.mock("uplot", () => ({
  default: class {
    constructor(options: uPlot.Options, _data: unknown, element: HTMLElement) {
      charts.set(element.getAttribute("aria-label") ?? "", options);
    }
    setSize() {}
    destroy() {}
  },
}));
vi.mock("uplot/dist/uPlot.min.css", () => ({}));

const point = (day: string, price: number | null, currency: string | null): HistoryPoint => ({ day, source: "live", rank: 120, categoryRanks: [], price, currency, offers: 3, rating: null, reviewCount: null });

function history(asin: string, marketplace: Marketplace, price: number, currency: string | null): HistoryResponse {
  return {
    asin,
    marketplace,
    range: "7d",
    days: 7,
    points: [point("2026-11-26", price, currency), point("2026-11-27", price + 1, currency)],
    velocity: { rankChangePercent: null, slopePerDay: null, best: 120, worst: 120 },
  };
}

const TRACKED = [history("B0SAMPLE01", "US", 19.99, "USD"), history("B0SAMPLE02", "DE", 47.99, "EUR"), history("B0SAMPLE03", "US", 29.99, "USD"), history("B07XJXXXXX", "UK", 39.99, "GBP")];

function serve(tracked: HistoryResponse[]) {
  fakeApi({
    "GET /api/user/status": json(demoUser()),
    "GET /api/notifications/unread-count": json({ unread: 0 }),
    "GET /api/dashboard": json({ ...dashboard(tracked.map((h) => dashboardRow({ asin: h.asin, marketplace: h.marketplace }))), intraday: false }),
    "GET /api/history": ({ url }) => jsonResponse(tracked.find((h) => h.asin === url.searchParams.get("asin"))),
  });
}

// Each test reads the charts its own render makes.
beforeEach(() => charts.clear());

/** Waits for the price chart in `currency` to be made: uPlot loads after the section's heading shows. */
function chartDrawn(currency: string): Promise<void> {
  return waitFor(() => {
    if (!charts.has(`Price in ${currency} over 7 days`)) throw new Error(`no price chart in ${currency} yet`);
  });
}

/** The price chart's series names and its value axis's labels for `ticks`. */
function priceChart(currency: string, ticks: number[]) {
  const options = charts.get(`Price in ${currency} over 7 days`);
  if (!options) throw new Error(`no price chart in ${currency}`);
  const labels = options.axes?.[1]?.values as (plot: uPlot, ticks: number[]) => string[];
  return { series: options.series.slice(1).map((s) => s.label), labels: labels({} as uPlot, ticks) };
}

describe("/rank-trends: the price chart", () => {
  it("charts the currency most of the picked ASINs use, each price with its symbol, and names the ones left out", async () => {
    serve(TRACKED);
    renderRoutes("/rank-trends");
    const section = within((await screen.findByRole("heading", { name: "Price in USD, 7 days" })).closest("section")!);
    await chartDrawn("USD");
    expect(priceChart("USD", [20, 47.99])).toEqual({ series: ["B0SAMPLE01 (US)", "B0SAMPLE03 (US)"], labels: ["$20.00", "$47.99"] });
    expect(section.getByText(/^Not in this chart, priced in another currency: B0SAMPLE02 \(DE, EUR\), B07XJXXXXX \(UK, GBP\)\./)).toBeTruthy();
    expect(within(section.getByRole("combobox", { name: "Currency" })).getAllByRole("option").map((o) => o.textContent)).toEqual(["USD (2 ASINs)", "EUR (1 ASIN)", "GBP (1 ASIN)"]);
  });

  it("charts another currency when the seller picks it, and keeps it across ranges", async () => {
    serve(TRACKED);
    const { user } = renderRoutes("/rank-trends");
    await user.selectOptions(await screen.findByRole("combobox", { name: "Currency" }), "EUR");
    await screen.findByRole("heading", { name: "Price in EUR, 7 days" });
    await chartDrawn("EUR");
    expect(priceChart("EUR", [47.99])).toEqual({ series: ["B0SAMPLE02 (DE)"], labels: ["€47.99"] });
    expect(screen.getByText(/B0SAMPLE01 \(US, USD\), B0SAMPLE03 \(US, USD\), B07XJXXXXX \(UK, GBP\)/)).toBeTruthy();

    await user.selectOptions(screen.getByRole("combobox", { name: "Range" }), "30d");
    expect(await screen.findByRole("heading", { name: "Price in EUR, 30 days" })).toBeTruthy();
  });

  it("offers no picker and leaves nothing out when every ASIN has one currency", async () => {
    serve([TRACKED[0]!, TRACKED[2]!]);
    renderRoutes("/rank-trends");
    await screen.findByRole("heading", { name: "Price in USD, 7 days" });
    expect(screen.queryByRole("combobox", { name: "Currency" })).toBeNull();
    expect(screen.queryByText(/Not in this chart/)).toBeNull();
  });
});

describe("the price chart's value axis", () => {
  // A few yen's move spans a narrow axis: steps finer than a yen labelled ¥4,914 two or three times over.
  it("steps in whole yen for a yen price, and in whole cents for a dollar one", async () => {
    serve([history("B0SAMPLE05", "JP", 4914, "JPY")]);
    renderRoutes("/rank-trends");
    await screen.findByRole("heading", { name: "Price in JPY, 7 days" });
    await chartDrawn("JPY");
    const yen = charts.get("Price in JPY over 7 days")!.axes![1]!.incrs as number[];
    expect(yen.slice(0, 4)).toEqual([1, 2, 5, 10]);
    expect(priceChart("JPY", [4914, 4915]).labels).toEqual(["¥4,914", "¥4,915"]);

    serve([TRACKED[0]!]);
    charts.clear();
    renderRoutes("/rank-trends");
    await screen.findByRole("heading", { name: "Price in USD, 7 days" });
    await chartDrawn("USD");
    expect((charts.get("Price in USD over 7 days")!.axes![1]!.incrs as number[]).slice(0, 3)).toEqual([0.01, 0.02, 0.05]);
  });
});

describe("the price chart's currencies", () => {
  it("an ASIN without a priced day takes its marketplace's currency; a tie goes to the first ASIN's", () => {
    const unpriced = { ...history("B0SAMPLE09", "JP", 0, null), points: [point("2026-11-27", null, null)] };
    expect(currencyOf(unpriced)).toBe("JPY");
    expect(currenciesOf([TRACKED[1]!, TRACKED[0]!])).toEqual(["EUR", "USD"]);
  });

  it("drops a point priced in another currency than its ASIN's", () => {
    const odd = { ...TRACKED[0]!, points: [point("2026-11-25", 18.5, "CAD"), ...TRACKED[0]!.points] };
    expect(inCurrency([odd], "USD").shown[0]?.points.map((p) => p.day)).toEqual(["2026-11-26", "2026-11-27"]);
  });
});

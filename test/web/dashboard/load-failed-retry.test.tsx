import { cleanup, screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import type { PortfolioResponse } from "@contract/dashboard";
import { jsonResponse, renderRoutes } from "../helpers";
import { demoUser, fakeApi, json, sequence } from "../seller/fake-api";
import { alertList } from "../pages/alert-fixtures";
import { historyResponse } from "../helpers";
import { dashboard, dashboardRow } from "./dashboard-fixture";

/** A 429 as the Worker sends it: a reason that passes with time, so Try again is what the user needs. */
const busy = () => jsonResponse({ detail: "Too many requests: try again in 30 seconds.", code: "rate_limited" }, 429);

const EMPTY_PORTFOLIO: PortfolioResponse = {
  marketplace: "US",
  marketplaces: ["US"],
  range: "7d",
  brands: [],
  categories: [],
  kpis: {
    totalRevenue: null,
    revenueNote: null,
    revenueSource: { kind: null, label: "No snapshot yet", asOf: null },
    revenueMissingDays: 0,
    averageRank: null,
    topPerformers: 0,
    needsAttention: 0,
    rankSource: { kind: null, label: "No snapshot yet", asOf: null },
  },
  brandRows: [],
  heatmap: [],
  demo: false,
};

/** The alert that names why the screen is empty, and its Try again; clicking it asks again and the data shows. */
async function retryShowsData(reason: string, loaded: () => Promise<unknown>) {
  const alert = await screen.findByRole("alert");
  expect(alert.textContent).toContain(reason);
  within(alert).getByRole("button", { name: "Try again" }).click();
  await loaded();
  expect(screen.queryByText(reason)).toBeNull();
}

describe("a screen whose data failed to load offers Try again", () => {
  it("the dashboard on /seller-central", async () => {
    const api = fakeApi({ "GET /api/user/status": json(demoUser()), "GET /api/notifications/unread-count": json({ unread: 0 }), "GET /api/dashboard": sequence(busy, json(dashboard())) });
    renderRoutes("/seller-central");
    await retryShowsData("Too many requests", () => screen.findByRole("heading", { name: "Your tracked ASINs" }));
    expect(api.requests("GET /api/dashboard")).toHaveLength(2);
  });

  it("/rank-trends", async () => {
    fakeApi({ "GET /api/user/status": json(demoUser()), "GET /api/notifications/unread-count": json({ unread: 0 }), "GET /api/dashboard": sequence(busy, json(dashboard([]))) });
    renderRoutes("/rank-trends");
    await retryShowsData("Too many requests", () => screen.findByText(/No tracked ASINs/));
  });

  it("the charts on /rank-trends, but not a plan's refusal, which names the way up instead", async () => {
    let refusal = () => busy();
    fakeApi({
      "GET /api/user/status": json(demoUser()),
      "GET /api/notifications/unread-count": json({ unread: 0 }),
      "GET /api/dashboard": json(dashboard([dashboardRow({ asin: "B0SAMPLE01" })])),
      "GET /api/history": sequence(() => refusal(), json(historyResponse({ asin: "B0SAMPLE01" }))),
    });
    renderRoutes("/rank-trends");
    await retryShowsData("Too many requests", () => screen.findByRole("heading", { name: "Velocity" }));

    cleanup();
    refusal = () => jsonResponse({ detail: "The Free plan charts 7 days. Upgrade to Pro at /billing for 90.", code: "plan_limit" }, 403);
    fakeApi({
      "GET /api/user/status": json(demoUser()),
      "GET /api/notifications/unread-count": json({ unread: 0 }),
      "GET /api/dashboard": json(dashboard([dashboardRow({ asin: "B0SAMPLE01" })])),
      "GET /api/history": () => refusal(),
    });
    renderRoutes("/rank-trends");
    const alert = await screen.findByRole("alert");
    expect(within(alert).getByRole("link", { name: "the Billing page" }).getAttribute("href")).toBe("/billing");
    expect(screen.queryByRole("button", { name: "Try again" })).toBeNull();
  });

  it("/portfolio", async () => {
    fakeApi({ "GET /api/user/status": json(demoUser()), "GET /api/notifications/unread-count": json({ unread: 0 }), "GET /api/portfolio": sequence(busy, json(EMPTY_PORTFOLIO)) });
    renderRoutes("/portfolio");
    await retryShowsData("Too many requests", () => screen.findByRole("heading", { name: "Average portfolio rank" }));
  });

  it("the watchlist on /alerts", async () => {
    fakeApi({
      "GET /api/user/status": json(demoUser()),
      "GET /api/notifications/unread-count": json({ unread: 0 }),
      "GET /api/alerts": json(alertList([])),
      "GET /api/watchlist": sequence(() => jsonResponse({ detail: "The watchlist is not available right now." }, 503), json({ items: [] })),
    });
    renderRoutes("/alerts");
    const watchlist = await screen.findByRole("region", { name: "Watchlist" });
    const alert = await within(watchlist).findByRole("alert");
    expect(alert.textContent).toContain("The watchlist is not available right now.");
    within(alert).getByRole("button", { name: "Try again" }).click();
    await within(watchlist).findByText("No ASINs on your watchlist yet.");
  });
});

import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import type { AlertList } from "../../../worker/contract/alerts";
import type { DashboardResponse } from "../../../worker/contract/dashboard";
import type { NotificationList } from "../../../worker/contract/notifications";
import { addDays, utcDay } from "../../../worker/contract/time";
import { DEMO_SAMPLE_ASINS, DEMO_SAMPLE_DAYS, sampleCaptures, sampleDays, sampleMarketplace } from "../../../worker/dashboard/demo-samples";
import { FREE_PLAN, PRO_PLAN } from "../../../worker/contract/plans";
import { upsertSellerUser } from "../../../worker/accounts/user-store";
import { dayPointsByAsin } from "../../../worker/history/history-store";
import { pointOf, writeRankPoints } from "../../../worker/history/rank-points-store";
import { addToWatchlist } from "../../../worker/history/watchlist-store";
import { buildServices } from "../../../worker/services";
import { runRetention } from "../../../worker/jobs/retention/retention";
import { mockProduct } from "../../../worker/upstreams/creators/mock";
import { MockSellerApi } from "../../../worker/upstreams/spapi/mock";
import { buyBoxRecord } from "../../../worker/upstreams/spapi/buybox";
import { buyBoxHolders } from "../../../worker/contract/buy-box-holders";
import { demoEnv, newSellingPartnerId, TestBrowser } from "../support/seller-browser";
import { freeBrowser, proBrowser, userIdOf } from "../history/accounts";

interface SamplesAnswer {
  items: { asin: string; marketplace: string }[];
  mock_history: { asins: string[]; days: number };
  alerts_added: number;
}

const history = () => buildServices(demoEnv()).history;
const today = () => utcDay(Date.now());

async function demoBrowser(): Promise<TestBrowser> {
  const browser = new TestBrowser(demoEnv());
  await browser.signInDemo();
  return browser;
}

async function count(sql: string, ...binds: unknown[]): Promise<number> {
  return (await env.DB.prepare(sql).bind(...binds).first<{ n: number }>())?.n ?? 0;
}

describe("the sample products' history (pure)", () => {
  it("covers the 90 days up to today, oldest first", () => {
    const days = sampleDays("2026-11-28");
    expect(days).toHaveLength(DEMO_SAMPLE_DAYS);
    expect(days[0]).toBe("2026-08-31");
    expect(days.at(-1)).toBe("2026-11-28");
  });

  it("go to the account's marketplace when the plan covers it, else to the plan's first", () => {
    expect(sampleMarketplace("DE", PRO_PLAN)).toBe("DE");
    expect(sampleMarketplace("DE", FREE_PLAN)).toBe("US");
    expect(sampleMarketplace(null, PRO_PLAN)).toBe("US");
  });

  it("is what the mock answers for each day, captured at the nightly run's hour (today's no later than now)", async () => {
    const now = Date.parse("2026-11-28T01:15:00Z");
    const captures = await sampleCaptures(["B0SAMPLE01"], "US", ["2026-11-27", "2026-11-28"], now);
    expect(captures.map((capture) => [capture.capturedAt, capture.source])).toEqual([
      ["2026-11-27T02:00:00.000Z", "mock"],
      ["2026-11-28T01:15:00.000Z", "mock"],
    ]);
    expect(captures[0]!.product).toEqual(mockProduct("B0SAMPLE01", "US", "2026-11-27"));
    expect(captures[1]!.product).toEqual(mockProduct("B0SAMPLE01", "US", "2026-11-28"));
    expect(captures[0]!.categoryRanks!.length).toBeGreaterThan(0);
  });
});

describe("POST /api/watchlist/samples", () => {
  it("gives a new demo account eight tracked products with 90 days of mock history, so its dashboard is full at once", async () => {
    const browser = await demoBrowser();
    const workspaceId = userIdOf(browser);
    const res = await browser.json("/api/watchlist/samples", "POST", {});
    expect(res.status, await res.clone().text()).toBe(201);
    const answer = await res.json<SamplesAnswer>();
    expect(answer.items.map((item) => item.asin).sort()).toEqual([...DEMO_SAMPLE_ASINS]);
    expect(answer.items.every((item) => item.marketplace === "US")).toBe(true);
    expect(answer.mock_history).toEqual({ asins: [...DEMO_SAMPLE_ASINS], days: 90 });
    expect(answer.alerts_added).toBe(2);

    const points = await dayPointsByAsin(history(), "US", DEMO_SAMPLE_ASINS, addDays(today(), -89), today());
    for (const asin of DEMO_SAMPLE_ASINS) {
      const series = points.get(asin)!;
      expect(series, asin).toHaveLength(90);
      expect(series.every((point) => point.source === "mock")).toBe(true);
    }

    const dashboard = await (await browser.request("/api/dashboard")).json<DashboardResponse>();
    expect(dashboard.rows).toHaveLength(DEMO_SAMPLE_ASINS.length);
    const mockBuyBoxes = await new MockSellerApi("DEMO-SAMPLES", today()).getBuyBoxWinners(DEMO_SAMPLE_ASINS, "US");
    for (const row of dashboard.rows) {
      expect(row.title, row.asin).toBe(mockProduct(row.asin, "US", today()).title);
      expect(row.rank).toBe(mockProduct(row.asin, "US", today()).rank);
      expect(row.rankChange7d).not.toBeNull();
      expect(row.sparkline.filter((day) => day.rank !== null)).toHaveLength(7);
      // Today's Buy Boxes as the mock seller answers them.
      const { shown, ...both } = buyBoxHolders(buyBoxRecord(mockBuyBoxes.get(row.asin)!, "DEMO-SAMPLES"));
      expect({ buyBox: row.buyBox, buyBoxes: row.buyBoxes }, row.asin).toEqual({ buyBox: shown, buyBoxes: both });
      expect(row.rankSource.kind).toBe("mock");
      expect(row.sellerSource.kind).toBe("mock");
    }
    // Every state the Buy Box column shows, on any day: held by you and by another seller, a
    // different Prime and non-Prime holder, and a suppressed Buy Box.
    const holders = dashboard.rows.flatMap((row) => [row.buyBox, row.buyBoxes.prime, row.buyBoxes.nonPrime]);
    expect(holders).toEqual(expect.arrayContaining(["you", "other", "suppressed"]));
    expect(holders).not.toContain("unknown");
    expect(dashboard.rows.filter((row) => row.buyBoxes.prime !== row.buyBoxes.nonPrime).length).toBeGreaterThan(0);
    expect(dashboard.kpis.biggestMover).not.toBeNull();
    // The demo seller's own days: Buy Box and stock on each, and its sales.
    expect(await count("SELECT count(*) AS n FROM seller_snapshots WHERE workspace_id = ? AND source = 'mock'", workspaceId)).toBe(8 * 90);
    expect(await count("SELECT count(*) AS n FROM seller_revenue WHERE workspace_id = ? AND source = 'mock' AND status = 'ok'", workspaceId)).toBe(8 * 90);
    // The sales are the marketplace's own local days the portfolio's ranges read: none missing, even
    // over 90 days (demo Pro reads them all).
    expect((await browser.json("/api/billing/create-checkout", "POST", { planId: "pro" })).status).toBe(200);
    for (const range of ["7d", "30d", "90d"]) {
      const portfolio = await (await browser.request(`/api/portfolio?range=${range}`)).json<{ kpis: { revenueMissingDays: number; totalRevenue: unknown } }>();
      expect(portfolio.kpis, range).toMatchObject({ revenueMissingDays: 0, totalRevenue: expect.objectContaining({ currency: "USD" }) });
    }

    // Two sample alerts, already checked today on that history as tonight's check would.
    const { alerts } = await (await browser.request("/api/alerts")).json<AlertList>();
    expect(alerts.map((alert) => [alert.asin, alert.conditionType, alert.threshold, alert.email_enabled, alert.in_app_enabled, alert.last_checked_day])).toEqual([
      ["B0SAMPLE01", "rank_above", 50_000, false, true, today()],
      ["B0SAMPLE07", "buybox_lost", null, false, true, today()],
    ]);
    const rankAbove = alerts[0]!;
    expect(rankAbove.last_result).toBe(mockProduct("B0SAMPLE01", "US", today()).rank! > 50_000 ? "fired" : "ok");
    expect(["fired", "ok"]).toContain(alerts[1]!.last_result);
    // Whatever it found, the API says it was found on the demo's mock data, never as a live result.
    expect(alerts.map((alert) => alert.last_result_source)).toEqual(["mock", "mock"]);
    const { notifications } = await (await browser.request("/api/notifications")).json<NotificationList>();
    expect(notifications.map((notification) => notification.alertId).sort()).toEqual(alerts.filter((alert) => alert.last_result === "fired").map((alert) => alert.id).sort());
    for (const notification of notifications) expect(notification.message).toContain("mock");
    // No firing predates its alert.
    const created = await env.DB.prepare("SELECT id, created_at FROM alerts WHERE workspace_id = ?").bind(workspaceId).all<{ id: string; created_at: string }>();
    for (const notification of notifications) {
      const alert = created.results.find((row) => row.id === notification.alertId)!;
      expect(Date.parse(notification.createdAt)).toBeGreaterThanOrEqual(Date.parse(alert.created_at));
    }
  });

  it("adds nothing twice: a second call answers 200 and writes nothing", async () => {
    const browser = await demoBrowser();
    const workspaceId = userIdOf(browser);
    expect((await browser.json("/api/watchlist/samples", "POST", { marketplace: "US" })).status).toBe(201);
    const again = await browser.json("/api/watchlist/samples", "POST", { marketplace: "US" });
    expect(again.status).toBe(200);
    const answer = await again.json<SamplesAnswer>();
    expect(answer.items).toHaveLength(8);
    expect(answer.mock_history.asins).toEqual([]);
    expect(await count("SELECT count(*) AS n FROM watchlist WHERE workspace_id = ?", workspaceId)).toBe(8);
    expect(await count("SELECT count(*) AS n FROM seller_snapshots WHERE workspace_id = ?", workspaceId)).toBe(8 * 90);
  });

  it("completes the history a call left out when it was interrupted, and only that", async () => {
    const browser = await demoBrowser();
    const workspaceId = userIdOf(browser);
    expect((await browser.json("/api/watchlist/samples", "POST", { marketplace: "US" })).status).toBe(201);
    // As if the call had stopped before the last batches of one sample's seller rows.
    const oldest = addDays(today(), -89);
    await env.DB.prepare("DELETE FROM seller_snapshots WHERE workspace_id = ? AND asin = 'B0SAMPLE05' AND day < ?").bind(workspaceId, addDays(oldest, 30)).run();
    const again = await browser.json("/api/watchlist/samples", "POST", { marketplace: "US" });
    expect(again.status).toBe(200);
    expect((await again.json<SamplesAnswer>()).mock_history.asins).toEqual(["B0SAMPLE05"]);
    expect(await count("SELECT count(*) AS n FROM seller_snapshots WHERE workspace_id = ? AND asin = 'B0SAMPLE05'", workspaceId)).toBe(90);
    expect(await count("SELECT count(*) AS n FROM seller_snapshots WHERE workspace_id = ?", workspaceId)).toBe(8 * 90);
  });

  it("never replaces a point already stored: a live capture stays", async () => {
    const browser = await proBrowser();
    const day = addDays(today(), -10);
    const live = mockProduct("B0SAMPLE01", "CA", day);
    await writeRankPoints(history(), [pointOf({ product: { ...live, rank: 42 }, source: "live", capturedAt: `${day}T02:00:00.000Z` })]);
    expect((await browser.json("/api/watchlist/samples", "POST", { marketplace: "CA" })).status).toBe(201);
    const series = (await dayPointsByAsin(history(), "CA", ["B0SAMPLE01"], day, addDays(day, 1))).get("B0SAMPLE01")!;
    expect(series.map((point) => [point.rank, point.source])).toEqual([
      [42, "live"],
      [mockProduct("B0SAMPLE01", "CA", addDays(day, 1)).rank, "mock"],
    ]);
  });

  it("writes no mock history for a sample product a real account tracks", async () => {
    const seller = await upsertSellerUser(env.DB, newSellingPartnerId());
    await addToWatchlist(env.DB, seller.id, "B0SAMPLE02", "UK", null);
    const browser = await proBrowser();
    const res = await browser.json("/api/watchlist/samples", "POST", { marketplace: "UK" });
    expect(res.status).toBe(201);
    const answer = await res.json<SamplesAnswer>();
    expect(answer.items).toHaveLength(8);
    expect(answer.mock_history.asins).toEqual(DEMO_SAMPLE_ASINS.filter((asin) => asin !== "B0SAMPLE02"));
    const points = await dayPointsByAsin(history(), "UK", ["B0SAMPLE02", "B0SAMPLE03"], addDays(today(), -89), today());
    expect(points.get("B0SAMPLE02")).toEqual([]);
    expect(points.get("B0SAMPLE03")).toHaveLength(90);
  });

  it("gives a marketplace the demo seller does not sell in (JP) no seller rows and no Buy Box alert", async () => {
    const browser = await proBrowser();
    const res = await browser.json("/api/watchlist/samples", "POST", { marketplace: "JP" });
    expect(res.status).toBe(201);
    expect((await res.json<SamplesAnswer>()).alerts_added).toBe(1);
    const { alerts } = await (await browser.request("/api/alerts")).json<AlertList>();
    expect(alerts.map((alert) => [alert.conditionType, alert.marketplace])).toEqual([["rank_above", "JP"]]);
    expect(await count("SELECT count(*) AS n FROM seller_snapshots WHERE workspace_id = ?", userIdOf(browser))).toBe(0);
  });

  it("go with the demo account when the nightly retention deletes it: its seller rows, watchlist and alerts", async () => {
    const browser = await demoBrowser();
    const workspaceId = userIdOf(browser);
    expect((await browser.json("/api/watchlist/samples", "POST", {})).status).toBe(201);
    await env.DB.prepare("UPDATE users SET last_active_at = ? WHERE id = ?").bind(new Date(Date.now() - 30 * 86_400_000).toISOString(), workspaceId).run();

    await runRetention(buildServices(demoEnv()), Date.now(), 5_000, { history: false });

    for (const table of ["seller_snapshots", "seller_revenue", "watchlist", "alerts", "seller_connections"]) {
      expect(await count(`SELECT count(*) AS n FROM ${table} WHERE workspace_id = ?`, workspaceId), table).toBe(0);
    }
  });

  it("without a marketplace named, go to a Pro demo's own marketplace", async () => {
    const browser = await proBrowser();
    await env.DB.prepare("UPDATE users SET marketplace = 'FR' WHERE id = ?").bind(userIdOf(browser)).run();
    const res = await browser.json("/api/watchlist/samples", "POST", {});
    expect(res.status).toBe(201);
    expect(new Set((await res.json<SamplesAnswer>()).items.map((item) => item.marketplace))).toEqual(new Set(["FR"]));
  });

  it("is for demo accounts only (403), and a real account's watchlist stays as it was", async () => {
    const browser = await freeBrowser();
    const res = await browser.json("/api/watchlist/samples", "POST", {});
    expect(res.status).toBe(403);
    expect(await res.json()).toEqual({ detail: expect.stringMatching(/^Sample products are for demo accounts only/), code: "forbidden" });
    expect(await count("SELECT count(*) AS n FROM watchlist WHERE workspace_id = ?", userIdOf(browser))).toBe(0);
  });

  it("keeps to the plan: a marketplace Free does not cover, or a watchlist without room, is refused with nothing added", async () => {
    const browser = await demoBrowser();
    const workspaceId = userIdOf(browser);
    const elsewhere = await browser.json("/api/watchlist/samples", "POST", { marketplace: "DE" });
    expect(elsewhere.status).toBe(403);
    expect(await elsewhere.json()).toMatchObject({ code: "plan_limit", detail: expect.stringContaining("not DE") });

    for (let i = 0; i < 20; i++) await addToWatchlist(env.DB, workspaceId, `F${String(i).padStart(9, "0")}`, "US", null);
    const full = await browser.json("/api/watchlist/samples", "POST", { marketplace: "US" });
    expect(full.status).toBe(403);
    expect(await full.json()).toMatchObject({ code: "plan_limit", detail: expect.stringMatching(/^The sample products need 8 free places on your watchlist and it has 5\./) });
    expect(await count("SELECT count(*) AS n FROM watchlist WHERE workspace_id = ?", workspaceId)).toBe(20);
  });

  it("answers 422 with a detail for a marketplace that does not exist", async () => {
    const browser = await demoBrowser();
    const res = await browser.json("/api/watchlist/samples", "POST", { marketplace: "XX" });
    expect(res.status).toBe(422);
    expect(await res.json()).toMatchObject({ detail: [{ loc: ["json", "marketplace"], msg: "Marketplace must be one of US, CA, MX, UK, DE, FR, IT, ES, JP" }] });
  });
});

import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import type { HistoryPoint } from "@contract/history";
import { lineSegments, rankedDays, sparklinePoints } from "../../web/src/pages/results/sparkline";
import { historyResponse, lookupResult, renderRoutes } from "./helpers";
import { demoUser, fakeApi, json, sequence, SIGNED_OUT } from "./seller/fake-api";
import { jsonResponse } from "./helpers";

const RESULTS = "/results?asin=B08N5WRWNW&marketplace=US";

function point(day: string, rank: number | null, source: HistoryPoint["source"] = "live"): HistoryPoint {
  return { day, source, rank, categoryRanks: [], price: 49.99, currency: "USD", offers: 7, rating: 4.5, reviewCount: 1200 };
}

const WEEK = historyResponse({
  points: [point("2026-11-17", 812), point("2026-11-18", 790), point("2026-11-19", null), point("2026-11-21", 700), point("2026-11-23", 640)],
  velocity: { rankChangePercent: -21.2, slopePerDay: -27.4, best: 640, worst: 812 },
});

async function renderResults(routes: Parameters<typeof fakeApi>[0] = {}) {
  const api = fakeApi({
    "GET /api/user/status": json(SIGNED_OUT),
    "GET /api/v1/lookup": json(lookupResult()),
    "GET /api/history": json(WEEK),
    ...routes,
  });
  const app = renderRoutes(RESULTS);
  await screen.findByRole("heading", { name: "Product Details" });
  return { api, ...app };
}

const trend = () => within(screen.getByRole("region", { name: "7-day rank trend" }));
const tile = (label: string) => trend().getByText(label, { selector: "dt" }).nextElementSibling?.textContent;

describe("/results: the 7-day rank trend", () => {
  it("asks for the looked-up product's 7 days once the lookup answered, and draws them", async () => {
    const { api } = await renderResults();

    const chart = await trend().findByRole("img", { name: "Rank over 7 days: #812 → #640" });
    expect(api.requests("GET /api/history")[0]?.url.search).toBe("?asin=B08N5WRWNW&marketplace=US&range=7d");
    // One dot per ranked day: the day without a rank is left out, not drawn as zero.
    expect(chart.querySelectorAll("circle")).toHaveLength(4);
    // The line joins only consecutive days: the 17th to the 18th. The 19th has no rank and the 20th and 22nd
    // no point, so the 21st and the 23rd are dots with no line drawn across the days between.
    const lines = chart.querySelectorAll("polyline");
    expect(lines).toHaveLength(1);
    expect(lines[0]?.getAttribute("points")?.split(" ")).toHaveLength(2);
    expect(tile("Rank change")).toBe("−21.2% (better)");
    expect(tile("Trend")).toBe("−27.4 ranks a day");
    expect(tile("Best")).toBe("#640");
    expect(tile("Worst")).toBe("#812");
    expect(trend().getByText(/2026-11-17 to 2026-11-23/)).toBeTruthy();
    expect(trend().queryByText("Mock Data")).toBeNull();
  });

  it("offers Try again when the history did not load, and draws it on the second ask", async () => {
    const { api } = await renderResults({
      "GET /api/history": sequence(() => jsonResponse({ detail: "Rank history is busy: try again in a few seconds." }, 503), json(WEEK)),
    });
    const alert = await trend().findByRole("alert");
    expect(alert.textContent).toContain("Rank history is busy: try again in a few seconds.");
    within(alert).getByRole("button", { name: "Try again" }).click();
    expect(await trend().findByRole("img", { name: "Rank over 7 days: #812 → #640" })).toBeTruthy();
    expect(api.requests("GET /api/history")).toHaveLength(2);
  });

  it("spans the last 7 days ending today: two recent days sit at the right, not stretched across", async () => {
    const day = (daysAgo: number) => new Date(Date.now() - daysAgo * 86_400_000).toISOString().slice(0, 10);
    await renderResults({
      "GET /api/history": json(historyResponse({ points: [point(day(1), 700), point(day(0), 640)] })),
    });
    const chart = await trend().findByRole("img", { name: "Rank over 7 days: #700 → #640" });
    const xs = (chart.querySelector("polyline")?.getAttribute("points") ?? "").split(" ").map((pair) => Number(pair.split(",")[0]));
    // 240 px wide, inset 6: yesterday is 5/6 of the way across, today at the right edge.
    expect(xs).toEqual([196, 234]);
  });

  it("says worse when the rank number grew", async () => {
    await renderResults({
      "GET /api/history": json(
        historyResponse({
          points: [point("2026-11-22", 500), point("2026-11-23", 600)],
          velocity: { rankChangePercent: 20, slopePerDay: 100, best: 500, worst: 600 },
        }),
      ),
    });
    await trend().findByRole("img", { name: "Rank over 7 days: #500 → #600" });
    expect(tile("Rank change")).toBe("+20% (worse)");
  });

  it.each([
    [-0.11, 2.5, "−0.11 ranks a day", "+2.5% (worse)"],
    [28.25, -0.4, "+28.25 ranks a day", "−0.4% (better)"],
  ])("writes a slope of %s and a change of %s% as the Dashboard and Rank Trends do", async (slopePerDay, rankChangePercent, slope, change) => {
    await renderResults({
      "GET /api/history": json(historyResponse({ points: [point("2026-11-22", 500), point("2026-11-23", 600)], velocity: { rankChangePercent, slopePerDay, best: 500, worst: 600 } })),
    });
    await trend().findByRole("img");
    expect([tile("Trend"), tile("Rank change")]).toEqual([slope, change]);
  });

  it.each([
    ["no snapshots at all", []],
    ["a single ranked day", [point("2026-11-23", 640)]],
    ["two days, one without a rank", [point("2026-11-22", null), point("2026-11-23", 640)]],
  ])("shows the not-enough-history note for %s", async (_case, points) => {
    await renderResults({ "GET /api/history": json(historyResponse({ points })) });

    expect(await trend().findByText(/^Not enough history yet/)).toBeTruthy();
    expect(trend().queryByRole("img")).toBeNull();
  });

  it("labels mock points as mock data", async () => {
    await renderResults({
      "GET /api/history": json(historyResponse({ ...WEEK, points: WEEK.points.map((p) => ({ ...p, source: "mock" as const })) })),
    });

    const chart = await trend().findByRole("img", { name: "Rank over 7 days: #812 → #640" });
    expect(trend().getByText("Mock Data", { selector: ".badge" })).toBeTruthy();
    expect(trend().getByText(/Mock data: sample values, not Amazon's live ranks/)).toBeTruthy();
    expect(chart.querySelectorAll("circle.sparkline__dot--mock")).toHaveLength(4);
  });

  it("says which points are mock when live ones are drawn beside them, rather than calling the whole trend mock", async () => {
    await renderResults({
      "GET /api/history": json(historyResponse({ ...WEEK, points: WEEK.points.map((p, i) => (i === 0 ? { ...p, source: "mock" as const } : p)) })),
    });

    const chart = await trend().findByRole("img", { name: "Rank over 7 days: #812 → #640" });
    expect(trend().getByText("Mock Data", { selector: ".badge" })).toBeTruthy();
    expect(trend().getByText(/The marked points are mock data: sample values, not Amazon's live ranks/)).toBeTruthy();
    expect(trend().queryByText(/\. Mock data: sample values/)).toBeNull();
    expect(chart.querySelectorAll("circle.sparkline__dot--mock")).toHaveLength(1);
  });

  it("shows no figure, not 'No rank available', for a best and worst the server could not measure (one live day after mock days)", async () => {
    const points = [point("2026-11-22", 900, "mock"), point("2026-11-23", 640)];
    await renderResults({
      "GET /api/history": json(historyResponse({ points, velocity: { rankChangePercent: null, slopePerDay: null, best: null, worst: null } })),
    });
    await trend().findByRole("img");
    for (const term of ["Rank change", "Trend", "Best", "Worst"]) {
      expect(trend().getByText(term, { selector: "dt" }).nextElementSibling?.textContent).toBe("—");
    }
  });

  it("says so when the history fails, and still shows the product", async () => {
    await renderResults({ "GET /api/history": json({ detail: "History is resting" }, 503) });

    expect(await trend().findByText("History is resting")).toBeTruthy();
    expect(screen.getByRole("heading", { name: "Product Details" })).toBeTruthy();
  });

  describe("Track this ASIN", () => {
    it("is not offered to a signed-out visitor, who gets no watchlist request", async () => {
      const { api } = await renderResults();
      await trend().findByRole("img");

      expect(trend().queryByRole("button", { name: /Track/ })).toBeNull();
      expect(api.requests("GET /api/watchlist")).toEqual([]);
    });

    it("adds the ASIN with POST /api/watchlist and the XSRF header, then says Tracking", async () => {
      const { api, user } = await renderResults({
        "GET /api/user/status": json(demoUser()),
        "GET /api/notifications/unread-count": json({ unread: 0 }),
        "GET /api/watchlist": json({ items: [] }),
        "POST /api/watchlist": json({ item: { asin: "B08N5WRWNW", marketplace: "US", addedAt: "2026-11-23T10:00:00.000Z" } }, 201),
      });

      const track = await trend().findByRole("button", { name: "Track this ASIN" });
      await waitFor(() => expect(api.requests("GET /api/watchlist")).toHaveLength(1));
      await user.click(track);

      expect(await trend().findByRole("button", { name: "Tracking" })).toBe(track);
      expect(track.getAttribute("aria-disabled")).toBe("true");
      const [post] = api.requests("POST /api/watchlist");
      expect(post?.body).toEqual({ asin: "B08N5WRWNW", marketplace: "US" });
      expect(post?.headers.get("X-XSRF-TOKEN")).toBe("test-xsrf");

      await user.click(track);
      expect(api.requests("POST /api/watchlist")).toHaveLength(1);
    });

    it("says Tracking at once for an ASIN already on the watchlist", async () => {
      const { api } = await renderResults({
        "GET /api/user/status": json(demoUser()),
        "GET /api/notifications/unread-count": json({ unread: 0 }),
        "GET /api/watchlist": json({ items: [{ asin: "B08N5WRWNW", marketplace: "US", addedAt: "2026-11-20T10:00:00.000Z" }] }),
      });

      expect(await trend().findByRole("button", { name: "Tracking" })).toBeTruthy();
      expect(api.requests("POST /api/watchlist")).toEqual([]);
    });

    it("shows the plan limit's 403", async () => {
      const { user } = await renderResults({
        "GET /api/user/status": json(demoUser()),
        "GET /api/notifications/unread-count": json({ unread: 0 }),
        "GET /api/watchlist": json({ items: [] }),
        "POST /api/watchlist": json({ detail: "Your plan tracks up to 25 ASINs." }, 403),
      });

      await user.click(await trend().findByRole("button", { name: "Track this ASIN" }));

      expect((await trend().findByRole("alert")).textContent).toBe("Your plan tracks up to 25 ASINs.");
      expect(trend().getByRole("button", { name: "Track this ASIN" })).toBeTruthy();
    });
  });
});

describe("sparklinePoints", () => {
  const days = (...entries: [string, number][]) => entries.map(([day, rank]) => ({ day, rank, source: "live" as const }));

  it.each([
    ["best rank at the top, worst at the bottom", days(["2026-11-22", 100], ["2026-11-23", 200]), [{ x: 0, y: 0 }, { x: 100, y: 50 }]],
    ["x by date, so a missing day leaves a gap", days(["2026-11-20", 300], ["2026-11-21", 100], ["2026-11-24", 200]), [{ x: 0, y: 50 }, { x: 25, y: 0 }, { x: 100, y: 25 }]],
    ["a flat line through the middle when every rank is equal", days(["2026-11-22", 7], ["2026-11-23", 7]), [{ x: 0, y: 25 }, { x: 100, y: 25 }]],
  ])("%s", (_case, input, expected) => {
    expect(sparklinePoints(input, 100, 50, 0)).toEqual(expected);
  });

  it("insets the points by the padding", () => {
    expect(sparklinePoints(days(["2026-11-22", 1], ["2026-11-23", 2]), 100, 50, 5)).toEqual([{ x: 5, y: 5 }, { x: 95, y: 45 }]);
  });

  it("breaks the line at a day with no rank, so it never runs across a day nothing was measured on", () => {
    const input = days(["2026-11-20", 3], ["2026-11-21", 1], ["2026-11-23", 2], ["2026-11-25", 4], ["2026-11-26", 5]);
    expect(lineSegments(input, ["a", "b", "c", "d", "e"])).toEqual([["a", "b"], ["c"], ["d", "e"]]);
  });

  it("keeps only the ranked days, in order", () => {
    expect(rankedDays([point("2026-11-21", 5), point("2026-11-22", null), point("2026-11-23", 3, "mock")])).toEqual([
      { day: "2026-11-21", rank: 5, source: "live" },
      { day: "2026-11-23", rank: 3, source: "mock" },
    ]);
  });
});

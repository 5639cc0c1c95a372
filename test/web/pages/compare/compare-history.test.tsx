import { render, screen, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import type { BuyBoxShareItem, BuyBoxShareResponse } from "@contract/dashboard";
import { CompareHistory } from "../../../../web/src/pages/compare/CompareHistory";
import { historyResponse, jsonResponse } from "../../helpers";
import { fakeApi, json, sequence } from "../../seller/fake-api";

// Canvas drawing is the browser suite's: here only that a chart is made.
vi.mock("uplot", () => ({
  default: class {
    setSize() {}
    destroy() {}
  },
}));
vi.mock("uplot/dist/uPlot.min.css", () => ({}));

/** The Buy Box share answer for the ASINs asked: `of` gives an ASIN its item, the rest have no seller data. */
const buyBoxShare =
  (of: Record<string, Partial<BuyBoxShareItem>> = {}) =>
  ({ url }: { url: URL }) => {
    const asins = url.searchParams.get("asins")!.split(",");
    const body: BuyBoxShareResponse = {
      marketplace: "US",
      fromDay: "2026-10-29",
      toDay: "2026-11-27",
      items: asins.map((asin) => ({ asin, heldDays: 0, knownDays: 0, share: null, days: [], mock: false, ...of[asin] })),
    };
    return jsonResponse(body);
  };

describe("CompareHistory (Pro's rank history on /compare)", () => {
  it("offers Try again when the history did not load, and asks again on it", async () => {
    const api = fakeApi({
      "GET /api/history": sequence(() => jsonResponse({ detail: "Too many requests: try again in 30 seconds." }, 429), json(historyResponse({ asin: "B0SAMPLE01", points: [{ day: "2026-11-27", source: "live", rank: 120, categoryRanks: [], price: null, currency: null, offers: null, rating: null, reviewCount: null }] }))),
      "GET /api/dashboard/buy-box": buyBoxShare(),
    });
    render(<CompareHistory asins={["B0SAMPLE01"]} marketplace="US" historyDays={90} />);
    const alert = await screen.findByRole("alert");
    expect(alert.textContent).toContain("Too many requests: try again in 30 seconds.");
    within(alert).getByRole("button", { name: "Try again" }).click();
    await screen.findByRole("img", { name: "Best Sellers Rank of B0SAMPLE01 over 30 days, best at the top" });
    expect(api.requests("GET /api/history")).toHaveLength(2);
    expect(screen.queryByRole("alert")).toBeNull();
  });

  it("says whether every point or only some are mock, never passing a mixed chart off as all mock or all live", async () => {
    const point = (day: string, source: "live" | "mock") => ({ day, source, rank: 120, categoryRanks: [], price: null, currency: null, offers: null, rating: null, reviewCount: null });
    fakeApi({
      "GET /api/history": ({ url }) =>
        jsonResponse(historyResponse({ asin: url.searchParams.get("asin")!, points: [point("2026-11-26", url.searchParams.get("asin") === "B0SAMPLE01" ? "mock" : "live"), point("2026-11-27", "live")] })),
      "GET /api/dashboard/buy-box": buyBoxShare(),
    });
    render(<CompareHistory asins={["B0SAMPLE01", "B0SAMPLE02"]} marketplace="US" historyDays={90} />);
    expect(await screen.findByText(/Some points come from RankLayer's mock source, not from Amazon\./)).toBeTruthy();
  });

  it("shows the Buy Box share over the chart's days from the seller's own data, each day's holder, and mock days labelled", async () => {
    const api = fakeApi({
      "GET /api/history": ({ url }) => jsonResponse(historyResponse({ asin: url.searchParams.get("asin")!, points: [] })),
      "GET /api/dashboard/buy-box": buyBoxShare({
        B0SAMPLE01: { heldDays: 2, knownDays: 3, share: 2 / 3, days: [{ day: "2026-11-25", holder: "you" }, { day: "2026-11-26", holder: "other" }, { day: "2026-11-27", holder: "you" }] },
        B0SAMPLE02: { heldDays: 1, knownDays: 1, share: 1, days: [{ day: "2026-11-27", holder: "you" }], mock: true },
      }),
    });
    render(<CompareHistory asins={["B0SAMPLE01", "B0SAMPLE02", "B0SAMPLE03"]} marketplace="US" historyDays={90} />);
    const list = await screen.findByRole("list");
    const items = within(list).getAllByRole("listitem");
    expect(items.map((item) => item.textContent)).toEqual(["B0SAMPLE0167% (2 of 3 days)", "B0SAMPLE02100% (1 of 1 day)Mock Data", "B0SAMPLE03No data from your seller account"]);
    expect(within(items[0]!).getByRole("img").getAttribute("aria-label")).toBe("Each day, oldest first: 2026-11-25 you held it; 2026-11-26 another seller; 2026-11-27 you held it");
    // The same days as the chart: its range and the compared ASINs.
    const query = new URL(api.requests("GET /api/dashboard/buy-box")[0]!.url).searchParams;
    expect([query.get("asins"), query.get("marketplace"), query.get("range")]).toEqual(["B0SAMPLE01,B0SAMPLE02,B0SAMPLE03", "US", "30d"]);
  });

  it("says where Buy Box share comes from when none of the products has any", async () => {
    fakeApi({
      "GET /api/history": ({ url }) => jsonResponse(historyResponse({ asin: url.searchParams.get("asin")!, points: [] })),
      "GET /api/dashboard/buy-box": buyBoxShare(),
    });
    render(<CompareHistory asins={["B0SAMPLE01"]} marketplace="US" historyDays={90} />);
    expect(await screen.findByText(/None of these products has Buy Box data from your seller account in this range/)).toBeTruthy();
    expect(screen.queryByRole("list")).toBeNull();
  });
});

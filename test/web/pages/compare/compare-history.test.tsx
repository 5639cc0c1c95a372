import { render, screen, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
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

describe("CompareHistory (Pro's rank history on /compare)", () => {
  it("offers Try again when the history did not load, and asks again on it", async () => {
    const api = fakeApi({
      "GET /api/history": sequence(() => jsonResponse({ detail: "Too many requests: try again in 30 seconds." }, 429), json(historyResponse({ asin: "B0SAMPLE01", points: [{ day: "2026-11-27", source: "live", rank: 120, categoryRanks: [], price: null, currency: null, offers: null, rating: null, reviewCount: null }] }))),
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
    });
    render(<CompareHistory asins={["B0SAMPLE01", "B0SAMPLE02"]} marketplace="US" historyDays={90} />);
    expect(await screen.findByText(/Some points come from RankLayer's mock source, not from Amazon\./)).toBeTruthy();
  });
});

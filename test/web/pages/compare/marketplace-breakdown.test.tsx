import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import type { MarketplaceBreakdown as Breakdown } from "@contract/compare";
import { MarketplaceBreakdown } from "../../../../web/src/pages/compare/MarketplaceBreakdown";
import { jsonResponse, lookupResult, mockFetch } from "../../helpers";

const breakdownCalls = (fetchMock: ReturnType<typeof mockFetch>) => fetchMock.mock.calls.filter(([url]) => String(url).startsWith("/api/v1/compare/marketplaces?"));

describe("MarketplaceBreakdown (Compare Plus)", () => {
  it("looks nothing up until asked, then shows the chosen product in each marketplace, with what Amazon said where it has none", async () => {
    const fetchMock = mockFetch((url) => {
      const asin = new URL(url, "http://localhost").searchParams.get("asin")!;
      const body: Breakdown = {
        asin,
        items: [
          { marketplace: "US", ok: true, product: lookupResult({ asin, rank: 1234, source: "live" }) },
          { marketplace: "UK", ok: true, product: lookupResult({ asin, marketplace: "UK", rank: 56, price: { amount: 9.99, currency: "GBP" }, source: "mock" }) },
          { marketplace: "JP", ok: false, error: "not_accessible", detail: "The product is not available in the JP marketplace." },
        ],
      };
      return jsonResponse(body);
    });
    const user = userEvent.setup();
    render(<MarketplaceBreakdown asins={["B000000001", "B000000002"]} marketplaces={["US", "UK", "JP"]} />);
    expect(breakdownCalls(fetchMock)).toHaveLength(0);
    expect(screen.getByText("Each marketplace is one lookup of your allowance.")).toBeTruthy();

    await user.selectOptions(screen.getByLabelText("Product to show by marketplace"), "B000000002");
    await user.click(screen.getByRole("button", { name: "Show in 3 marketplaces" }));
    const table = await screen.findByRole("table", { name: "B000000002 in each marketplace" });
    expect(breakdownCalls(fetchMock).map(([url]) => String(url))).toEqual(["/api/v1/compare/marketplaces?asin=B000000002"]);
    const rows = within(table).getAllByRole("row").slice(1).map((row) => within(row).getAllByRole("cell").map((cell) => cell.textContent));
    expect(rows[0]).toEqual(["#1,234", expect.stringContaining("$"), expect.any(String), expect.any(String), expect.any(String), "Live"]);
    expect(rows[1]).toEqual(["#56", expect.stringContaining("£9.99"), expect.any(String), expect.any(String), expect.any(String), "Mock Data"]);
    expect(rows[2]).toEqual(["Not available there"]);
    expect(within(table).getAllByRole("rowheader").map((th) => th.textContent)).toEqual(["United States (US)", "United Kingdom (UK)", "Japan (JP)"]);
  });

  it("says why a breakdown was refused, with the server's words", async () => {
    mockFetch(() => jsonResponse({ code: "rate_limited", detail: "Per-minute lookup limit reached: 30 lookups a minute." }, 429));
    const user = userEvent.setup();
    render(<MarketplaceBreakdown asins={["B000000001"]} marketplaces={["US", "UK"]} />);
    await user.click(screen.getByRole("button", { name: "Show in 2 marketplaces" }));
    expect((await screen.findByRole("alert")).textContent).toBe("Per-minute lookup limit reached: 30 lookups a minute.");
  });
});

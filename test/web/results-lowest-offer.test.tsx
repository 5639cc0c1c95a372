import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { jsonResponse, lookupResult, mockFetch, renderApp } from "./helpers";

const RESULTS = "/results?asin=B08N5WRWNW&marketplace=US";

function tileValue(label: string): string | null {
  const term = screen.getByText(label, { selector: "dt" });
  return term.nextElementSibling?.textContent ?? null;
}

describe("/results price label", () => {
  it("labels a price as the lowest offer when no offer wins the Buy Box", async () => {
    mockFetch(() => jsonResponse(lookupResult({ price: { amount: 14.5, currency: "USD" }, priceSource: "lowest_offer" })));
    renderApp(RESULTS);
    await screen.findByRole("heading", { name: "Product Details" });
    expect(tileValue("Lowest offer (no Buy Box winner)")).toBe("$14.50");
    expect(screen.queryByText("Price", { selector: "dt" })).toBeNull();
  });
});

import { render, screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import type { CompareItem } from "@contract/compare";
import { CompareTable } from "../../../../web/src/pages/compare/CompareTable";
import { lookupResult } from "../../helpers";

/** The cells of one row (by its header), one per product column. */
function row(label: string): string[] {
  const header = within(screen.getByRole("table")).getByRole("rowheader", { name: label });
  return [...header.closest("tr")!.querySelectorAll("td")].map((cell) => cell.textContent ?? "");
}

describe("the compare table", () => {
  it("shows rating and reviews, and labels a price without a Buy Box winner as the lowest offer", () => {
    const items: CompareItem[] = [
      { asin: "B000000001", ok: true, product: lookupResult({ asin: "B000000001", price: { amount: 19.99, currency: "USD" }, rating: 4.6, reviewCount: 12873 }) },
      {
        asin: "B000000002",
        ok: true,
        product: lookupResult({ asin: "B000000002", price: { amount: 14.5, currency: "USD" }, priceSource: "lowest_offer", rating: null, reviewCount: null }),
      },
    ];
    render(<CompareTable items={items} onRemove={() => {}} />);
    const [won, open] = row("Price");
    expect(won).not.toMatch(/Lowest offer/);
    expect(won).toMatch(/19\.99/);
    expect(open).toMatch(/14\.50/);
    expect(open).toContain("Lowest offer (no Buy Box winner)");
    expect(row("Rating")).toEqual(["4.6 / 5", "—"]);
    expect(row("Reviews")).toEqual(["12,873", "—"]);
  });

  it("marks no rank best across different categories, and says why", () => {
    const items: CompareItem[] = [
      { asin: "B0SAMPLE01", ok: true, product: lookupResult({ asin: "B0SAMPLE01", rank: 73_098, categoryPath: ["Office Products", "Writing Instruments"] }) },
      { asin: "B0SAMPLE07", ok: true, product: lookupResult({ asin: "B0SAMPLE07", rank: 6, categoryPath: ["Home & Kitchen", "Coffee"] }) },
    ];
    render(<CompareTable items={items} onRemove={() => {}} />);
    expect(screen.queryByText("Best rank")).toBeNull();
    expect(screen.getByText(/These ranks are in different categories \(Office Products, Home & Kitchen\)/)).toBeTruthy();
  });
});

import { beforeEach, describe, expect, it, vi } from "vitest";
import { mapCreatorsItem } from "../../../../worker/upstreams/creators/mapping";
import type { ItemOutcome } from "../../../../worker/upstreams/creators/product-source";

/** A getItems Item as the reference SDK models it, with `customerReviews` as given. */
function item(customerReviews: unknown): unknown {
  return {
    asin: "B0CRVW0001",
    detailPageURL: "https://www.amazon.com/dp/B0CRVW0001",
    itemInfo: { title: { displayValue: "Reviewed thing" } },
    ...(customerReviews === undefined ? {} : { customerReviews }),
  };
}

function mapped(outcome: ItemOutcome) {
  if (!outcome.ok) throw new Error(`expected a product, got ${outcome.reason}`);
  return outcome.product;
}

let warn: ReturnType<typeof vi.spyOn>;
beforeEach(() => {
  warn = vi.spyOn(console, "warn").mockImplementation(() => {});
});

describe("customerReviews (CustomerReviews { count, starRating: Rating { value } })", () => {
  it("reads the star rating and the review count", () => {
    const product = mapped(mapCreatorsItem(item({ count: 1234, starRating: { value: 4.4 } }), "US"));
    expect(product).toMatchObject({ rating: 4.4, reviewCount: 1234 });
  });

  it("is null when Amazon answers none, and null (logged) when malformed", () => {
    expect(mapped(mapCreatorsItem(item(undefined), "US"))).toMatchObject({ rating: null, reviewCount: null });
    expect(mapped(mapCreatorsItem(item({ count: 0 }), "US"))).toMatchObject({ rating: null, reviewCount: 0 });
    warn.mockClear();
    expect(mapped(mapCreatorsItem(item({ count: -3, starRating: { value: 7 } }), "US"))).toMatchObject({ rating: null, reviewCount: null });
    expect(warn).toHaveBeenCalledTimes(2);
    expect(mapped(mapCreatorsItem(item({ count: "12", starRating: 4.1 }), "US"))).toMatchObject({ rating: null, reviewCount: null });
  });
});

describe("no invented price", () => {
  const listings = (entries: { amount: number; winner?: boolean }[]) => ({
    asin: "B0PRICE001",
    itemInfo: { title: { displayValue: "Priced thing" } },
    offersV2: { listings: entries.map((entry) => ({ isBuyBoxWinner: entry.winner ?? false, price: { money: { amount: entry.amount, currency: "USD" } } })) },
  });

  it("is the Buy Box winner's price when one wins", () => {
    expect(mapped(mapCreatorsItem(listings([{ amount: 12 }, { amount: 15, winner: true }]), "US"))).toMatchObject({ price: { amount: 15, currency: "USD" } });
    expect(mapped(mapCreatorsItem(listings([{ amount: 12 }, { amount: 15, winner: true }]), "US")).priceSource).toBeUndefined();
  });

  it("with no winner, is the lowest offer's price, labelled so, not the first listing's", () => {
    const product = mapped(mapCreatorsItem(listings([{ amount: 19 }, { amount: 14.5 }, { amount: 16 }]), "US"));
    expect(product).toMatchObject({ price: { amount: 14.5, currency: "USD" }, priceSource: "lowest_offer" });
  });

  it("has no price and no label without listings", () => {
    const product = mapped(mapCreatorsItem(listings([]), "US"));
    expect(product.price).toBeNull();
    expect(product.priceSource).toBeUndefined();
  });
});

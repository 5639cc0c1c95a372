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

import { describe, expect, it } from "vitest";
import { pointOf } from "../../../worker/history/rank-points-store";
import { historyPoint } from "../../../worker/history/point-codec";
import { MockProductSource } from "../../../worker/upstreams/creators/mock";

describe("the point of a capture (lookups and the nightly run alike)", () => {
  const product = {
    asin: "B0POINT001", marketplace: "US" as const, title: "T", image: null, categoryPath: ["Toys"], rank: 42,
    price: { amount: 9.5, currency: "USD" }, offers: 3, rating: 4.4, reviewCount: 321, detailPageUrl: null,
  };

  it("keeps the rating, the review count and a lowest-offer price's label beside the rank, under the capture's source", () => {
    const point = pointOf({ product: { ...product, priceSource: "lowest_offer" }, source: "live", capturedAt: "2026-11-26T02:10:00.000Z" });
    expect(point).toMatchObject({ day: "2026-11-26", source: "live", rank: 42, rating: 4.4, reviewCount: 321, priceSource: "lowest_offer" });
    expect(historyPoint(point)).toMatchObject({ source: "live", rating: 4.4, reviewCount: 321, priceSource: "lowest_offer" });
    const won = pointOf({ product, source: "live", capturedAt: "2026-11-26T02:10:00.000Z" });
    expect(historyPoint(won)).not.toHaveProperty("priceSource");
  });

  it("is null only where Amazon gave none; the mock's point carries its labelled values", async () => {
    expect(pointOf({ product: { ...product, rating: null, reviewCount: null }, source: "live", capturedAt: "2026-11-26T02:10:00.000Z" })).toMatchObject({ rating: null, reviewCount: null });
    const outcome = (await new MockProductSource().getItems(["B0POINT002"], "DE")).get("B0POINT002");
    if (!outcome?.ok) throw new Error("the mock answers every ASIN");
    const mock = pointOf({ product: outcome.product, source: "mock", capturedAt: "2026-11-26T02:10:00.000Z" });
    expect(mock).toMatchObject({ source: "mock", rating: expect.any(Number), reviewCount: expect.any(Number) });
  });
});

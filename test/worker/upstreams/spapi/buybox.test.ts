import { describe, expect, it } from "vitest";
import { buyBoxRecord, featuredOffersOf, lostSegments, UNKNOWN_BUY_BOX } from "../../../../worker/upstreams/spapi/buybox";
import { COMPETITOR, OUR_SELLER, twoWinnerResponse } from "../../fixtures/spapi/get-item-offers-two-winners";

const payload = (ours: Record<string, unknown> = {}) => twoWinnerResponse("B00CGZQU42", ours).body.payload;

describe("the Buy Box as shoppers see it (getItemOffersBatch)", () => {
  it("keeps the Prime and the non-Prime winner apart; holding means the Prime one most shoppers see", () => {
    const offers = featuredOffersOf(payload());
    expect(offers).toEqual({ prime: { sellerId: COMPETITOR, mine: false }, nonPrime: { sellerId: OUR_SELLER, mine: false } });
    expect(buyBoxRecord(offers, OUR_SELLER)).toEqual({
      primeSellerId: COMPETITOR,
      nonPrimeSellerId: OUR_SELLER,
      holdsPrime: false,
      holdsNonPrime: true,
      // Holding only the non-Prime Buy Box is not holding the one most shoppers see.
      buyBoxSellerId: COMPETITOR,
      holdsBuyBox: false,
    });
    expect(buyBoxRecord(offers, COMPETITOR)).toMatchObject({ holdsBuyBox: true, holdsPrime: true, holdsNonPrime: false });
  });

  it("knows the seller's own offer by MyOffer even without a SellerId", () => {
    const offers = featuredOffersOf(payload({ SellerId: undefined, MyOffer: true }));
    expect(buyBoxRecord(offers, OUR_SELLER)).toMatchObject({ nonPrimeSellerId: OUR_SELLER, holdsNonPrime: true });
  });

  it("is unknown, never 'nobody', when no listed offer wins, when offers are not processed yet, or without offers", () => {
    const noWinner = { ...payload(), Offers: payload().Offers.map((offer) => ({ ...offer, IsBuyBoxWinner: false })) };
    expect(featuredOffersOf(noWinner)).toEqual(UNKNOWN_BUY_BOX);
    expect(featuredOffersOf({ ...payload(), status: "Pending" })).toEqual(UNKNOWN_BUY_BOX);
    expect(featuredOffersOf({ status: "Success" })).toEqual(UNKNOWN_BUY_BOX);
    expect(buyBoxRecord(UNKNOWN_BUY_BOX, OUR_SELLER)).toEqual({
      primeSellerId: "unknown",
      nonPrimeSellerId: "unknown",
      holdsPrime: null,
      holdsNonPrime: null,
      buyBoxSellerId: null,
      holdsBuyBox: null,
    });
  });

  it("one Prime winner is what every shopper sees; one non-Prime winner leaves the Prime one unknown", () => {
    const [competitorOffer, ourOffer] = payload().Offers;
    expect(featuredOffersOf({ ...payload(), Offers: [competitorOffer] })).toEqual({ prime: { sellerId: COMPETITOR, mine: false }, nonPrime: { sellerId: COMPETITOR, mine: false } });
    expect(featuredOffersOf({ ...payload(), Offers: [ourOffer] })).toEqual({ prime: null, nonPrime: { sellerId: OUR_SELLER, mine: false } });
  });

  it("losing either Buy Box the seller held is named; unknown never counts as lost", () => {
    expect(lostSegments({ holdsPrime: true, holdsNonPrime: true }, { holdsPrime: false, holdsNonPrime: true })).toEqual(["Prime"]);
    expect(lostSegments({ holdsPrime: true, holdsNonPrime: true }, { holdsPrime: true, holdsNonPrime: false })).toEqual(["non-Prime"]);
    expect(lostSegments({ holdsPrime: true, holdsNonPrime: true }, { holdsPrime: false, holdsNonPrime: false })).toEqual(["Prime", "non-Prime"]);
    expect(lostSegments({ holdsPrime: true, holdsNonPrime: true }, { holdsPrime: null, holdsNonPrime: null })).toEqual([]);
    expect(lostSegments({ holdsPrime: false, holdsNonPrime: null }, { holdsPrime: false, holdsNonPrime: false })).toEqual([]);
  });
});

describe("offers counted but none listed", () => {
  it("is unknown (not processed yet), never held by nobody", () => {
    expect(featuredOffersOf({ status: "Success", Summary: { TotalOfferCount: 3 }, Offers: [] })).toEqual(UNKNOWN_BUY_BOX);
    expect(lostSegments({ holdsPrime: true, holdsNonPrime: true }, buyBoxRecord(featuredOffersOf({ status: "Success", Summary: { TotalOfferCount: 3 }, Offers: [] }), OUR_SELLER))).toEqual([]);
  });
});

describe("an item with no offer at all", () => {
  it("is held by nobody: known, and not the seller's", () => {
    expect(featuredOffersOf({ status: "NoBuyableOffers", Summary: { TotalOfferCount: 0 }, Offers: [] })).toEqual(featuredOffersOf({ status: "Success", Offers: [] }));
    expect(buyBoxRecord(featuredOffersOf({ status: "Success", Offers: [] }), OUR_SELLER)).toEqual({
      primeSellerId: null,
      nonPrimeSellerId: null,
      holdsPrime: false,
      holdsNonPrime: false,
      buyBoxSellerId: null,
      holdsBuyBox: false,
    });
  });
});

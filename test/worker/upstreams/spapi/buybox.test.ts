import { describe, expect, it } from "vitest";
import { buyBoxRecord, featuredOffersByAsin, featuredOffersOf, lostSegments, SUPPRESSED_BUY_BOX, UNKNOWN_BUY_BOX, type SegmentWinner } from "../../../../worker/upstreams/spapi/buybox";
import { getItemOffersBatchExample } from "../../fixtures/spapi/get-item-offers-batch";
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

describe("a getItemOffersBatch answer, item by item", () => {
  const requested = getItemOffersBatchExample.response.responses.map((response) => response.request.Asin);
  /** One Buy Box's holder: a seller id, "nobody" (no offer), "suppressed", or "unknown". */
  const who = (winner: SegmentWinner | null) => (winner === null ? "unknown" : winner.suppressed ? "suppressed" : (winner.sellerId ?? "nobody"));

  it("reads both Buy Boxes of every item of the model's example", () => {
    const offers = featuredOffersByAsin(getItemOffersBatchExample.response, requested);
    expect(Object.fromEntries([...offers].map(([asin, featured]) => [asin, [who(featured.prime), who(featured.nonPrime)]]))).toEqual({
      // One non-Prime winner: what every shopper without Prime sees; the Prime one is not said.
      B000P6Q7MY: ["unknown", "A2SNBFWOFW4SWG"],
      // One Prime winner: every shopper sees it.
      B001Q3KU9Q: ["A1OHOT6VONX3KA", "A1OHOT6VONX3KA"],
      B007Z07UK6: ["unknown", "AEMQJEQHIGU8X"],
      B000OQA3N4: ["suppressed", "suppressed"],
      B07PTMKYS7: ["suppressed", "suppressed"],
      B001PYUTII: ["unknown", "A1EZPZGQPCQEQR"],
      B00505DW2I: ["unknown", "A5LI4TEX5CN80"],
      B00CGZQU42: ["unknown", "A2SNBFWOFW4SWG"],
      B01LY2ZYRF: ["unknown", "A2SNBFWOFW4SWG"],
      // NoBuyableOffers: no offer, nobody holds it.
      B00KFRNZY6: ["nobody", "nobody"],
    });
    // A seller listed on an item without winning it does not hold its Buy Box; winning it, does.
    expect(buyBoxRecord(offers.get("B00505DW2I")!, "A2SNBFWOFW4SWG")).toMatchObject({ holdsBuyBox: false, buyBoxSellerId: "A5LI4TEX5CN80" });
    expect(buyBoxRecord(offers.get("B00CGZQU42")!, "A2SNBFWOFW4SWG")).toMatchObject({ holdsBuyBox: true, buyBoxSellerId: "A2SNBFWOFW4SWG" });
  });

  it("two winners, ours second by SellerId: the seller holds the non-Prime one, the competitor the Prime one, a third seller neither", () => {
    const offers = featuredOffersByAsin({ responses: [twoWinnerResponse("B00V5DG6IQ")] }, ["B00V5DG6IQ"]).get("B00V5DG6IQ")!;
    expect(buyBoxRecord(offers, OUR_SELLER)).toMatchObject({ holdsPrime: false, holdsNonPrime: true, nonPrimeSellerId: OUR_SELLER });
    expect(buyBoxRecord(offers, COMPETITOR)).toMatchObject({ holdsPrime: true, holdsNonPrime: false, holdsBuyBox: true });
    expect(buyBoxRecord(offers, "A3SOMEONEELSE1")).toEqual({
      primeSellerId: COMPETITOR,
      nonPrimeSellerId: OUR_SELLER,
      holdsPrime: false,
      holdsNonPrime: false,
      buyBoxSellerId: COMPETITOR,
      holdsBuyBox: false,
    });
  });

  it("ours marked MyOffer under another SellerId: the seller holds that Buy Box, recorded under their own id", () => {
    const offers = featuredOffersByAsin({ responses: [twoWinnerResponse("B00V5DG6IQ", { SellerId: "A9MERCHANTTOKEN", MyOffer: true })] }, ["B00V5DG6IQ"]).get("B00V5DG6IQ")!;
    expect(offers.nonPrime).toEqual({ sellerId: "A9MERCHANTTOKEN", mine: true });
    expect(buyBoxRecord(offers, OUR_SELLER)).toMatchObject({ holdsNonPrime: true, nonPrimeSellerId: OUR_SELLER });
  });

  it("a non-winning offer of ours, even MyOffer, is not the Buy Box", () => {
    const offers = featuredOffersByAsin({ responses: [twoWinnerResponse("B00V5DG6IQ", { IsBuyBoxWinner: false, MyOffer: true })] }, ["B00V5DG6IQ"]).get("B00V5DG6IQ")!;
    expect(offers).toEqual({ prime: { sellerId: COMPETITOR, mine: false }, nonPrime: { sellerId: COMPETITOR, mine: false } });
    expect(buyBoxRecord(offers, OUR_SELLER)).toMatchObject({ holdsPrime: false, holdsNonPrime: false, holdsBuyBox: false });
  });

  it("leaves out items that failed or were not asked for, reads odd shapes as unknown, and never throws", () => {
    const body = {
      responses: [
        { status: { statusCode: 400 }, body: {}, request: { Asin: "B000000001" } },
        { status: { statusCode: 200 }, body: { payload: { ASIN: "B000000002", Offers: [] } }, request: { Asin: "B000000002" } },
        { status: { statusCode: 200 }, body: { payload: { ASIN: "B000000003", Offers: {} } }, request: { Asin: "B000000003" } },
        null,
        "junk",
      ],
    };
    // Absent is unknown too: the nightly run records both the same (buyBoxRecord(UNKNOWN_BUY_BOX)).
    expect(featuredOffersByAsin(body, ["B000000001", "B000000003"])).toEqual(new Map([["B000000003", UNKNOWN_BUY_BOX]]));
    expect(featuredOffersByAsin({ responses: {} }, ["B000000001"])).toEqual(new Map());
    expect(featuredOffersByAsin(null, ["B000000001"])).toEqual(new Map());
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

describe("a suppressed Buy Box (offers listed, no winner, no Buy Box price)", () => {
  const examplePayload = (asin: string) => getItemOffersBatchExample.response.responses.find((response) => response.body.payload?.ASIN === asin)!.body.payload;

  it("is what the model's example answers for B000OQA3N4 and B07PTMKYS7: suppressed, known apart from unknown", () => {
    for (const asin of ["B000OQA3N4", "B07PTMKYS7"]) {
      expect(featuredOffersOf(examplePayload(asin))).toEqual(SUPPRESSED_BUY_BOX);
      expect(buyBoxRecord(featuredOffersOf(examplePayload(asin)), OUR_SELLER)).toEqual({
        primeSellerId: "suppressed",
        nonPrimeSellerId: "suppressed",
        holdsPrime: null,
        holdsNonPrime: null,
        buyBoxSellerId: null,
        holdsBuyBox: null,
      });
    }
    // The example's items with a winner are not suppressed.
    expect(featuredOffersOf(examplePayload("B000P6Q7MY")).nonPrime).toEqual({ sellerId: "A2SNBFWOFW4SWG", mine: false });
  });

  it("a Buy Box price with no listed winner stays unknown: the winner is one of the offers past the 20 listed", () => {
    const noListedWinner = { ...payload(), Offers: payload().Offers.map((offer) => ({ ...offer, IsBuyBoxWinner: false })) };
    expect(noListedWinner.Summary.BuyBoxPrices).toHaveLength(2);
    expect(featuredOffersOf(noListedWinner)).toEqual(UNKNOWN_BUY_BOX);
    const { BuyBoxPrices: _prices, ...withoutPrices } = noListedWinner.Summary;
    expect(featuredOffersOf({ ...noListedWinner, Summary: withoutPrices })).toEqual(SUPPRESSED_BUY_BOX);
  });

  it("never fires buybox_lost against a day the seller held both (alerts fire as before)", () => {
    expect(lostSegments({ holdsPrime: true, holdsNonPrime: true }, buyBoxRecord(SUPPRESSED_BUY_BOX, OUR_SELLER))).toEqual([]);
  });
});

describe("the two-winner fixture", () => {
  it("answers as the model's example does: PrimeInformation on every offer and one Buy Box price per winner", () => {
    const { Offers, Summary } = payload();
    expect(Offers.map((offer) => offer.PrimeInformation)).toEqual([
      { IsPrime: true, IsNationalPrime: true },
      { IsPrime: false, IsNationalPrime: false },
    ]);
    expect(Summary.BuyBoxPrices).toEqual([
      { condition: "new", LandedPrice: { CurrencyCode: "USD", Amount: 10 }, ListingPrice: { CurrencyCode: "USD", Amount: 10 }, Shipping: { CurrencyCode: "USD", Amount: 0 } },
      { condition: "new", LandedPrice: { CurrencyCode: "USD", Amount: 9.5 }, ListingPrice: { CurrencyCode: "USD", Amount: 9.5 }, Shipping: { CurrencyCode: "USD", Amount: 0 } },
    ]);
    expect(Summary.TotalOfferCount).toBe(2);
  });
});

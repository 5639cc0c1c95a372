import { beforeEach, describe, expect, it, vi } from "vitest";
import { buyBoxRecord, lostSegments, SUPPRESSED_BUY_BOX, UNKNOWN_BUY_BOX } from "../../../../worker/upstreams/spapi/buybox";
import { COMPETITOR, twoWinnerResponse } from "../../fixtures/spapi/get-item-offers-two-winners";
import { SellerApiError } from "../../../../worker/upstreams/spapi/seller-api";
import { MAX_RETRY_AFTER_SECONDS } from "../../../../worker/upstreams/http";
import { fakeCalls, fakeControl, SPAPI_FAKE } from "../../support/seller-browser";
import { connectedApi as connectedSpApi } from "./connected-api";

/**
 * The getItemOffersBatch fake is as strict as Amazon: at most the 20 lowest-priced offers, items
 * that fail inside a 200 batch, listings whose offers are not processed yet, 429s with no or absurd
 * Retry-After. Each of the Buy Box cases reads as unknown, so none can fire buybox_lost.
 */
const connectedApi = () => connectedSpApi("offers-test");

let serial = 0;
const newAsin = () => `B0OFS${String(++serial).padStart(3, "0")}${Math.random().toString(36).slice(2, 4).toUpperCase()}`;

/** An offer as the model's OfferDetail has it. */
const offer = (sellerId: string, amount: number, extra: Record<string, unknown> = {}) => ({
  Shipping: { CurrencyCode: "USD", Amount: 0 },
  ListingPrice: { CurrencyCode: "USD", Amount: amount },
  ShippingTime: { maximumHours: 48, minimumHours: 24, availabilityType: "NOW" },
  SubCondition: "new",
  SellerId: sellerId,
  IsFulfilledByAmazon: false,
  IsBuyBoxWinner: false,
  ...extra,
});

/** What the nightly run would record for the seller, and what it would fire against a day they held both. */
function verdict(featured: Parameters<typeof buyBoxRecord>[0] | undefined, sellerId: string) {
  const record = buyBoxRecord(featured ?? UNKNOWN_BUY_BOX, sellerId);
  return { record, lost: lostSegments({ holdsPrime: true, holdsNonPrime: true }, record) };
}

beforeEach(() => {
  vi.spyOn(console, "error").mockImplementation(() => {});
  vi.spyOn(console, "warn").mockImplementation(() => {});
});

describe("getItemOffersBatch, strict", () => {
  it("lists at most the 20 lowest-priced offers: a winner priced above them reads as unknown, never as lost", async () => {
    const { api, seller } = await connectedApi();
    const [outside, inside] = [newAsin(), newAsin()];
    const cheap = Array.from({ length: 24 }, (_, i) => offer(`A0OTHER${String(i).padStart(6, "0")}`, 10 + i));
    // The seller wins at 99: the 25th cheapest, outside the 20 Amazon lists.
    await fakeControl(SPAPI_FAKE, "offers", { asin: outside, offers: [...cheap, offer(seller.sellingPartnerId, 99, { IsBuyBoxWinner: true })] });
    // Another seller wins at 12.5, inside the 20: known, and the seller does not hold it.
    await fakeControl(SPAPI_FAKE, "offers", { asin: inside, offers: [...cheap, offer("A0WINNER000001", 12.5, { IsBuyBoxWinner: true })] });

    const states = await api.getBuyBoxWinners([outside, inside], "US");
    expect(verdict(states.get(outside), seller.sellingPartnerId)).toEqual({
      record: expect.objectContaining({ holdsBuyBox: null, holdsPrime: null, holdsNonPrime: null, buyBoxSellerId: null }),
      lost: [],
    });
    expect(verdict(states.get(inside), seller.sellingPartnerId).record).toMatchObject({ holdsBuyBox: false, buyBoxSellerId: "A0WINNER000001" });

    // The seller's winning offer was cut from the answer, as Amazon cuts it: no listed winner at all.
    expect(states.get(outside)).toEqual(UNKNOWN_BUY_BOX);
    expect(states.get(inside)).toEqual({ prime: null, nonPrime: { sellerId: "A0WINNER000001", mine: false } });
  });

  it("two Buy Boxes: the competitor holds the Prime one and the seller the non-Prime one, each known", async () => {
    const { api, seller } = await connectedApi();
    const asin = newAsin();
    await fakeControl(SPAPI_FAKE, "offers", { asin, offers: twoWinnerResponse(asin, { SellerId: seller.sellingPartnerId }).body.payload.Offers });
    const state = (await api.getBuyBoxWinners([asin], "US")).get(asin);
    expect(state).toEqual({ prime: { sellerId: COMPETITOR, mine: false }, nonPrime: { sellerId: seller.sellingPartnerId, mine: false } });
    expect(verdict(state, seller.sellingPartnerId).record).toMatchObject({ holdsPrime: false, holdsNonPrime: true, primeSellerId: COMPETITOR });
  });

  it("offers listed and none winning, with no Buy Box price, is suppressed (as the model's B000OQA3N4), never unknown nor lost", async () => {
    const { api, seller } = await connectedApi();
    const asin = newAsin();
    await fakeControl(SPAPI_FAKE, "offers", { asin, offers: [offer(seller.sellingPartnerId, 10), offer("A0OTHER0000001", 11)] });
    const state = (await api.getBuyBoxWinners([asin], "US")).get(asin);
    expect(state).toEqual(SUPPRESSED_BUY_BOX);
    expect(verdict(state, seller.sellingPartnerId)).toEqual({
      record: expect.objectContaining({ primeSellerId: "suppressed", nonPrimeSellerId: "suppressed", holdsBuyBox: null }),
      lost: [],
    });
  });

  it("refuses scripted offers Amazon would never answer: a missing required OfferDetail field, three winners, two Prime winners", async () => {
    const post = (offers: unknown[]) => fetch(`https://${SPAPI_FAKE}/__control/offers`, { method: "POST", body: JSON.stringify({ asin: newAsin(), offers }) });
    const { ShippingTime: _time, ...noShippingTime } = offer("A0OTHER0000001", 10);
    expect((await post([noShippingTime])).status).toBe(400);
    const [prime, nonPrime] = twoWinnerResponse("B0OFS000000").body.payload.Offers;
    expect((await post([prime, nonPrime, { ...nonPrime, SellerId: "A0THIRD000001" }])).status).toBe(400);
    expect((await post([prime, { ...prime, SellerId: "A0THIRD000001" }])).status).toBe(400);
    expect((await post([prime, nonPrime])).status).toBe(200);
  });

  it("asks for an ASIN named twice once: Amazon refuses a whole batch that asks for one item twice", async () => {
    const { api, seller } = await connectedApi();
    const [held, other] = [newAsin(), newAsin()];
    await fakeControl(SPAPI_FAKE, "buy-box", { asin: held, sellerId: seller.sellingPartnerId });

    const states = await api.getBuyBoxWinners([held, other, held], "US");
    expect([...states.keys()].sort()).toEqual([held, other].sort());
    expect(verdict(states.get(held), seller.sellingPartnerId).record).toMatchObject({ holdsBuyBox: true });
    const [call] = (await fakeCalls(SPAPI_FAKE, { kind: "offers" })).filter((entry) => JSON.stringify(entry.body).includes(held));
    expect(call?.status).toBe(200);
    expect((call?.body as { requests: unknown[] }).requests).toHaveLength(2);
  });

  it("an item that fails inside a 200 batch, and a listing whose offers are not processed yet, are unknown; the rest of the batch is read", async () => {
    const { api, seller } = await connectedApi();
    const [failed, pending, held] = [newAsin(), newAsin(), newAsin()];
    await fakeControl(SPAPI_FAKE, "offers-item", { asin: failed, behavior: "error" });
    await fakeControl(SPAPI_FAKE, "offers-item", { asin: pending, behavior: "not_processed" });
    await fakeControl(SPAPI_FAKE, "buy-box", { asin: held, sellerId: seller.sellingPartnerId });

    const states = await api.getBuyBoxWinners([failed, pending, held], "US");
    for (const asin of [failed, pending]) {
      expect(verdict(states.get(asin), seller.sellingPartnerId), asin).toEqual({
        record: expect.objectContaining({ holdsBuyBox: null, primeSellerId: "unknown", nonPrimeSellerId: "unknown" }),
        lost: [],
      });
    }
    expect(verdict(states.get(held), seller.sellingPartnerId).record).toMatchObject({ holdsBuyBox: true });
    const [call] = (await fakeCalls(SPAPI_FAKE, { kind: "offers" })).filter((entry) => JSON.stringify(entry.body).includes(failed));
    expect(call?.status).toBe(200);
  });

  it.each([
    ["no Retry-After", undefined, undefined],
    ["a date in 2100", "Fri, 01 Jan 2100 00:00:00 GMT", MAX_RETRY_AFTER_SECONDS],
    ["a huge number", "99999999999", MAX_RETRY_AFTER_SECONDS],
    ["a negative number", "-5", undefined],
    ["seconds", "7", 7],
  ])("a 429 with %s is a throttle whose wait is bounded by the hour cap", async (_, header, expected) => {
    const { api } = await connectedApi();
    const asin = newAsin();
    await fakeControl(SPAPI_FAKE, "offers-item", { asin, behavior: "throttled", ...(header === undefined ? {} : { retryAfter: header }) });
    const error = await api.getBuyBoxWinners([asin], "US").then(
      () => null,
      (thrown: unknown) => thrown,
    );
    expect(error).toBeInstanceOf(SellerApiError);
    expect((error as SellerApiError).status).toBe(429);
    expect((error as SellerApiError).retryAfterSeconds).toBe(expected);
    const [call] = (await fakeCalls(SPAPI_FAKE, { kind: "offers" })).filter((entry) => JSON.stringify(entry.body).includes(asin));
    expect(call).toMatchObject({ status: 429 });
  });
});

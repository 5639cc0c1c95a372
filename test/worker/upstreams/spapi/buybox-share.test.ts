import { describe, expect, it } from "vitest";
import { buyBoxRecord, NOBODY, sharedOffersOf, SUPPRESSED_BUY_BOX, UNKNOWN_BUY_BOX, type FeaturedOffers } from "../../../../worker/upstreams/spapi/buybox";

const [ASKER, OTHER, RIVAL] = ["A1ASKER", "A2OTHER", "A3RIVAL"];

/** What `seller` would record from the answer `asked` got: the asker's "mine" is the asker's id to anyone else. */
function asSeenBy(offers: FeaturedOffers, seller: string): ReturnType<typeof buyBoxRecord> {
  const resolve = (winner: FeaturedOffers["prime"]) => (winner && winner.mine ? { sellerId: ASKER, mine: false } : winner);
  return buyBoxRecord({ prime: resolve(offers.prime), nonPrime: resolve(offers.nonPrime) }, seller);
}

describe("a Buy Box one connection recorded, read by another connection of the workspace", () => {
  const cases: [string, FeaturedOffers][] = [
    ["the asker holds both", { prime: { sellerId: ASKER, mine: true }, nonPrime: { sellerId: ASKER, mine: true } }],
    ["the asker holds it by MyOffer alone (no SellerId)", { prime: { sellerId: null, mine: true }, nonPrime: null }],
    ["the other seller holds Prime, a rival non-Prime", { prime: { sellerId: OTHER, mine: false }, nonPrime: { sellerId: RIVAL, mine: false } }],
    ["a rival holds the only (non-Prime) one", { prime: null, nonPrime: { sellerId: RIVAL, mine: false } }],
    ["nobody (no offers)", { prime: NOBODY, nonPrime: NOBODY }],
    ["suppressed", SUPPRESSED_BUY_BOX],
    ["unknown", UNKNOWN_BUY_BOX],
  ];
  for (const [name, offers] of cases) {
    it(`gives the other seller the row its own answer would: ${name}`, () => {
      const shared = sharedOffersOf(buyBoxRecord(offers, ASKER));
      for (const seller of [OTHER, RIVAL]) expect(buyBoxRecord(shared ?? UNKNOWN_BUY_BOX, seller)).toEqual(asSeenBy(offers, seller));
    });
  }

  it("keeps a winner Amazon did not name unknown for everyone else, never lost", () => {
    const unnamed = buyBoxRecord({ prime: { sellerId: null, mine: false }, nonPrime: null }, ASKER);
    expect(buyBoxRecord(sharedOffersOf(unnamed)!, OTHER)).toMatchObject({ holdsPrime: null, holdsBuyBox: null });
  });

  it("reads a row with stock only as no Buy Box", () => {
    expect(sharedOffersOf({ primeSellerId: null, nonPrimeSellerId: null, holdsPrime: null, holdsNonPrime: null })).toBeNull();
  });
});

/**
 * The Buy Box as shoppers see it, from Product Pricing v0 getItemOffersBatch (pure, no I/O).
 *
 * Amazon marks up to two offers IsBuyBoxWinner: one for Prime members and one for other
 * shoppers; an offer with PrimeInformation.IsPrime is the Prime one. "Holds the Buy Box" means
 * the featured offer most shoppers see: the Prime one where there is one, else the non-Prime one.
 * A segment is unknown (null), never "nobody", when the answer cannot say: the item's status is
 * not Success (a listing too new to have processed offers), or no listed offer wins while the
 * summary names a Buy Box price (the winner is outside the 20 offers the answer lists). Unknown
 * never fires an alert.
 *
 * Suppressed is known and apart: offers are listed, none wins, and the summary has no Buy Box price
 * (the model's examples B000OQA3N4 and B07PTMKYS7; Amazon's "Buy Box suppressed", often for its
 * pricing policy). Nobody holds it, yet it is not "nobody" (there are offers) nor unknown. Like
 * unknown it never fires buybox_lost (the seller's holds stay null), so alerts fire as before.
 *
 * Why getItemOffersBatch and not getCompetitiveSummary (Product Pricing 2022-05-01): both take 20
 * ASINs a call, but getItemOffersBatch's default rate is 0.1 call/s against 0.033, so it reads a
 * seller's Buy Box three times faster; its two winners with PrimeInformation give the Prime and
 * the non-Prime holder, and the one case it cannot see (a winner outside the 20 offers) is
 * reported as unknown, never as lost.
 */
import { SUPPRESSED_HOLDER } from "../../contract/buy-box-holders";
import { at } from "../../shared/json-path";

/** A segment's winner: the seller id (or "mine" when only MyOffer says so), or null when unknown. */
export interface SegmentWinner {
  sellerId: string | null;
  mine: boolean;
  /** No winner although offers are listed (Amazon suppressed the Buy Box). */
  suppressed?: true;
}

export interface FeaturedOffers {
  prime: SegmentWinner | null;
  nonPrime: SegmentWinner | null;
}

export const UNKNOWN_BUY_BOX: FeaturedOffers = { prime: null, nonPrime: null };
/** A segment nobody holds (the item has no offers): the seller does not hold it, and no one else does. */
export const NOBODY: SegmentWinner = { sellerId: null, mine: false };
/** A segment Amazon suppressed: offers listed, no winner, no Buy Box price. */
export const SUPPRESSED: SegmentWinner = { sellerId: null, mine: false, suppressed: true };
export const SUPPRESSED_BUY_BOX: FeaturedOffers = { prime: SUPPRESSED, nonPrime: SUPPRESSED };

/** One item's payload (GetOffersResult: { status, Offers: [{ SellerId, IsBuyBoxWinner, MyOffer, PrimeInformation }] }). */
export function featuredOffersOf(payload: unknown): FeaturedOffers {
  const status = at(payload, "status") ?? at(payload, "Status");
  const offers = at(payload, "Offers");
  const total = at(payload, "Summary", "TotalOfferCount");
  // No offer at all (Amazon's example: NoBuyableOffers, TotalOfferCount 0): nobody holds the Buy Box, known.
  // Offers counted but none listed (not processed yet) is unknown, never "nobody".
  if (Array.isArray(offers) && offers.length === 0 && (status === "Success" || status === "NoBuyableOffers")) {
    return typeof total === "number" && total > 0 ? UNKNOWN_BUY_BOX : { prime: NOBODY, nonPrime: NOBODY };
  }
  // Any other status (offers not processed yet, an error): unknown.
  if (typeof status === "string" && status !== "Success") return UNKNOWN_BUY_BOX;
  if (!Array.isArray(offers)) return UNKNOWN_BUY_BOX;
  const winners = offers.filter((offer) => at(offer, "IsBuyBoxWinner") === true);
  const winnerOf = (offer: unknown): SegmentWinner => ({
    sellerId: typeof at(offer, "SellerId") === "string" && at(offer, "SellerId") !== "" ? (at(offer, "SellerId") as string) : null,
    mine: at(offer, "MyOffer") === true,
  });
  const isPrime = (offer: unknown) => at(offer, "PrimeInformation", "IsPrime") === true;
  const prime = winners.find(isPrime);
  const other = winners.find((offer) => !isPrime(offer));
  if (!prime && !other) {
    // Offers listed, none wins: with no Buy Box price at all there is no winner anywhere (suppressed);
    // with one, the winner is an offer the answer does not list (unknown).
    const prices = at(payload, "Summary", "BuyBoxPrices");
    return offers.length > 0 && !(Array.isArray(prices) && prices.length > 0) ? SUPPRESSED_BUY_BOX : UNKNOWN_BUY_BOX;
  }
  // One winner only: everyone sees it, Prime members included when it is a Prime offer.
  if (winners.length === 1) {
    const only = winnerOf(winners[0]);
    return prime ? { prime: only, nonPrime: only } : { prime: null, nonPrime: only };
  }
  return { prime: prime ? winnerOf(prime) : null, nonPrime: other ? winnerOf(other) : null };
}

/** Each requested ASIN's featured offers in a getItemOffersBatch answer (successful responses only). */
export function featuredOffersByAsin(body: unknown, requested: readonly string[]): Map<string, FeaturedOffers> {
  const wanted = new Set(requested);
  const result = new Map<string, FeaturedOffers>();
  const responses = at(body, "responses");
  for (const response of Array.isArray(responses) ? responses : []) {
    const asin = at(response, "request", "Asin") ?? at(response, "body", "payload", "ASIN");
    if (typeof asin !== "string" || !wanted.has(asin) || at(response, "status", "statusCode") !== 200) continue;
    result.set(asin, featuredOffersOf(at(response, "body", "payload")));
  }
  return result;
}

/** Whether `sellerId` holds one segment: null when that segment is unknown or suppressed (neither fires an alert). */
export function holdsSegment(winner: SegmentWinner | null, sellerId: string): boolean | null {
  if (!winner || winner.suppressed) return null;
  return winner.mine || winner.sellerId === sellerId;
}

/** The featured offer most shoppers see: the Prime one where it is known, else the non-Prime one. */
export function shownWinner(offers: FeaturedOffers): SegmentWinner | null {
  return offers.prime ?? offers.nonPrime;
}

/**
 * What a snapshot keeps: both holders (seller id, "unknown", "suppressed", or null for nobody) and
 * whether the seller holds each and the shown one (null when unknown or suppressed).
 */
export function buyBoxRecord(offers: FeaturedOffers, sellerId: string) {
  const holderId = (winner: SegmentWinner | null) => {
    if (winner === NOBODY) return null;
    if (!winner) return "unknown";
    if (winner.suppressed) return SUPPRESSED_HOLDER;
    return holdsSegment(winner, sellerId) ? sellerId : (winner.sellerId ?? "unknown");
  };
  const shown = shownWinner(offers);
  return {
    primeSellerId: holderId(offers.prime),
    nonPrimeSellerId: holderId(offers.nonPrime),
    holdsPrime: holdsSegment(offers.prime, sellerId),
    holdsNonPrime: holdsSegment(offers.nonPrime, sellerId),
    buyBoxSellerId: shown && shown !== NOBODY && !shown.suppressed ? holderId(shown) : null,
    holdsBuyBox: holdsSegment(shown, sellerId),
  };
}

/** Segments the seller held before and, known now, no longer holds: each fires buybox_lost, named. */
export function lostSegments(
  before: { holdsPrime: boolean | null; holdsNonPrime: boolean | null },
  now: { holdsPrime: boolean | null; holdsNonPrime: boolean | null },
): ("Prime" | "non-Prime")[] {
  const lost: ("Prime" | "non-Prime")[] = [];
  if (before.holdsPrime === true && now.holdsPrime === false) lost.push("Prime");
  if (before.holdsNonPrime === true && now.holdsNonPrime === false) lost.push("non-Prime");
  return lost;
}

/** A seller snapshot's Buy Box columns, as buyBoxRecord wrote them. */
export interface RecordedBuyBox {
  primeSellerId: string | null;
  nonPrimeSellerId: string | null;
  holdsPrime: boolean | null;
  holdsNonPrime: boolean | null;
}

/**
 * The featured offers one connection's snapshot records, as any other seller of the workspace sees
 * them: the holders by seller id (the recording seller's own win is its id there, since "mine"
 * means nothing to another seller). A holder Amazon did not name stays unknown, so no other seller
 * reads it as lost. Null when the row holds no Buy Box (only stock was written).
 */
export function sharedOffersOf(row: RecordedBuyBox): FeaturedOffers | null {
  const segment = (holder: string | null, holds: boolean | null): SegmentWinner | null | undefined => {
    if (holder === null) return holds === false ? NOBODY : undefined;
    if (holder === "unknown") return null;
    if (holder === SUPPRESSED_HOLDER) return SUPPRESSED;
    return { sellerId: holder, mine: false };
  };
  const prime = segment(row.primeSellerId, row.holdsPrime);
  const nonPrime = segment(row.nonPrimeSellerId, row.holdsNonPrime);
  if (prime === undefined && nonPrime === undefined) return null;
  return { prime: prime ?? null, nonPrime: nonPrime ?? null };
}

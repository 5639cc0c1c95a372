import type { BuyBoxes, BuyBoxHolder } from "./dashboard";

/**
 * Who holds each Buy Box, from a seller snapshot's columns (seller_snapshots): pure, shared by
 * the dashboard rows, the portfolio and the reports so each says the same.
 */

/** The Buy Box columns of a seller snapshot (the two Buy Boxes apart since migration 0103). */
export interface BuyBoxColumns {
  /** Seller id of the Buy Box most shoppers see; null when nobody holds it or it is unknown. */
  buyBoxSellerId: string | null;
  holdsBuyBox: boolean | null;
  /** Holder of each Buy Box: a seller id, "unknown", "suppressed" or null (nobody: no offer). */
  primeSellerId?: string | null;
  nonPrimeSellerId?: string | null;
  holdsPrime?: boolean | null;
  holdsNonPrime?: boolean | null;
}

/** A seller snapshot's Buy Box columns for one ASIN and day (a workspace has one per connection that read it). */
export type BuyBoxDayRow = { asin: string; day: string; source: string } & BuyBoxColumns;

/** What a holder column says of a suppressed Buy Box (written by upstreams/spapi/buybox.ts), beside a seller id or "unknown". */
export const SUPPRESSED_HOLDER = "suppressed";

/** One Buy Box's holder from its column ("suppressed", a seller id, "unknown", or null: nobody) and whether this seller holds it. */
function segmentHolder(holderId: string | null | undefined, holds: boolean | null | undefined): BuyBoxHolder {
  if (holderId === SUPPRESSED_HOLDER) return "suppressed";
  if (holds == null) return "unknown";
  if (holds) return "you";
  return holderId ? "other" : "none";
}

/**
 * The shown Buy Box (the Prime one where there is one) and each one apart. A suppressed Buy Box
 * (offers, no winner) is "suppressed", never "unknown": its holds stay null (so it fires no
 * alert), and its holder columns say so. A row from before the two were kept shows its one Buy
 * Box and each segment unknown.
 */
export function buyBoxHolders(seller: BuyBoxColumns | null | undefined): BuyBoxes & { shown: BuyBoxHolder } {
  if (!seller) return { shown: "unknown", prime: "unknown", nonPrime: "unknown" };
  const prime = segmentHolder(seller.primeSellerId, seller.holdsPrime);
  const nonPrime = segmentHolder(seller.nonPrimeSellerId, seller.holdsNonPrime);
  const suppressed = prime === "suppressed" || (prime === "unknown" && nonPrime === "suppressed");
  const shown: BuyBoxHolder =
    seller.holdsBuyBox === null ? (suppressed ? "suppressed" : "unknown") : seller.holdsBuyBox ? "you" : seller.buyBoxSellerId ? "other" : "none";
  return { shown, prime, nonPrime };
}

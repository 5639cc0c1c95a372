import type { Marketplace } from "../../contract/marketplaces";
import type { ProductData } from "../../contract/product";

/** One sales rank of a product in one of its categories. */
export interface CategoryRank {
  category: string;
  rank: number;
}

/** The most item ids one getItems call may carry. */
export const MAX_ITEMS_PER_CALL = 10;

/** Why one item of a batch has no data. */
export type ItemFailure = {
  ok: false;
  /**
   * not_found: the answer says the id is unknown or invalid; not_accessible: it exists but may
   * not be served; unavailable: the answer about this item was missing or malformed, which is
   * an upstream failure (serve a cached copy or retry later), never proof the item does not exist.
   * A call whose every item would be unavailable throws an UpstreamError instead.
   */
  reason: "not_found" | "not_accessible" | "unavailable";
  message: string;
};
export type ItemOutcome =
  | {
      ok: true;
      product: ProductData;
      /** Sales ranks per category, website category first: kept in rank history, not shown by lookups. */
      categoryRanks?: CategoryRank[];
    }
  | ItemFailure;

/**
 * Where product data comes from: the Creators API, or the labelled mock when no
 * credentials are set. A whole-call failure is thrown as an UpstreamError;
 * per-item problems come back as ItemFailure.
 */
export interface ProductSource {
  readonly kind: "live" | "mock";
  /** Every requested ASIN is a key of the result. */
  getItems(asins: readonly string[], marketplace: Marketplace, options?: GetItemsOptions): Promise<Map<string, ItemOutcome>>;
  /**
   * Gets ready what a call needs before it leaves (the access token), so a budget's slot is spent
   * on the call itself: a token grant in between would land the call late, and the next one,
   * sent on time, inside the same second of Amazon's rate.
   */
  ready?(options?: GetItemsOptions): Promise<void>;
}

export interface GetItemsOptions {
  /** What is left of the caller's time bound (a lookup's UPSTREAM_TIMEOUT_MS after its wait for a token). */
  timeoutMs?: number;
}

export type UpstreamErrorKind =
  | "throttled" // the upstream asked us to slow down
  | "timeout" // no answer within the bound
  | "unavailable" // network failure, 5xx, or an answer we cannot read
  | "unauthorized" // credentials rejected (unknown, revoked, access denied)
  | "not_eligible" // the associate account may not use the API
  | "invalid_tag" // the partner tag is not this store's (InvalidPartnerTag)
  | "rejected" // our request was refused as invalid (400): retrying it cannot help
  | "busy"; // RankLayer's own budget for the credential refused the call: Amazon was never asked

export class UpstreamError extends Error {
  constructor(
    readonly kind: UpstreamErrorKind,
    message: string,
    /** Seconds the upstream asked us to wait, when it said. */
    readonly retryAfterSeconds?: number,
    /** Amazon's reason or error code, when it gave one (InvalidPartnerTag, AssociateNotEligible, …). */
    readonly code?: string,
  ) {
    super(message);
    this.name = "UpstreamError";
  }
}

/**
 * An answer that names some ASINs unknown and leaves the others out says nothing about the
 * others: Amazon's 404 ResourceNotFound fails the whole call for one unknown ASIN. Those others
 * are asked for again (the lookups in lookup-service.ts, the nightly run in product-phase.ts); null when the answer needs no second ask.
 */
export function leftOutBesideUnknown(outcomes: ReadonlyMap<string, ItemOutcome>): { unknown: string[]; leftOut: string[] } | null {
  const unknown: string[] = [];
  const leftOut: string[] = [];
  for (const [asin, outcome] of outcomes) {
    if (outcome.ok) continue;
    (outcome.reason === "unavailable" ? leftOut : unknown).push(asin);
  }
  return unknown.length > 0 && leftOut.length > 0 ? { unknown, leftOut } : null;
}

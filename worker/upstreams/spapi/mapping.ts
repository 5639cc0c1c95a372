/**
 * The parts of SP-API answers the snapshot job reads (everything may be absent):
 * - FBA Inventory v1 getInventorySummaries: { payload: { inventorySummaries: InventorySummary[] },
 *   pagination: { nextToken } }, InventorySummary { asin, sellerSku, inventoryDetails: { fulfillableQuantity } }.
 * - Product Pricing v0 getItemOffersBatch: { responses: [{ status: { statusCode }, body: { payload:
 *   { ASIN, Offers: [{ SellerId, IsBuyBoxWinner }] } }, request: { Asin } }] }.
 */
import { at } from "../../shared/json-path";
import type { FeaturedOffers } from "./buybox";

export interface InventorySummariesPayload {
  payload?: {
    inventorySummaries?: { asin?: string; sellerSku?: string; inventoryDetails?: { fulfillableQuantity?: number } }[];
  };
  pagination?: { nextToken?: string };
}

/** getItemOffersBatch as read: every part is checked before use, so it is typed unknown. */
export interface ItemOffersBatchPayload {
  responses?: unknown;
}

/**
 * Whether an inventory summary's condition is New ("NewItem", "New Item", "NewWithWarranty",
 * "NewOEM"; absent counts as New): low stock is about the New item the Buy Box sells, so Used,
 * Collectible, Refurbished and open-box SKUs never hide it.
 */
export function isNewCondition(condition: unknown): boolean {
  if (condition === undefined || condition === null || condition === "") return true;
  if (typeof condition !== "string") return false;
  const key = condition.replace(/[\s_-]/g, "").toLowerCase();
  return key.startsWith("new") && key !== "newopenbox";
}

/** One page of inventory: fulfillable New-condition units per ASIN (summed over SKUs) and the next page's token. */
export function fulfillableUnitsPage(body: InventorySummariesPayload): { units: Map<string, number>; nextToken?: string } {
  const units = new Map<string, number>();
  const summaries: unknown = at(body, "payload", "inventorySummaries");
  for (const summary of Array.isArray(summaries) ? summaries : []) {
    const asin = text(at(summary, "asin"));
    const quantity = at(summary, "inventoryDetails", "fulfillableQuantity");
    // A unit count is a non-negative integer; anything else is not shown as stock.
    if (!asin || typeof quantity !== "number" || !Number.isInteger(quantity) || quantity < 0) continue;
    if (!isNewCondition(at(summary, "condition"))) continue;
    units.set(asin, (units.get(asin) ?? 0) + quantity);
  }
  return { units, nextToken: text(at(body, "pagination", "nextToken")) };
}

/** Who holds an ASIN's Buy Box: SP-API can name two winners (e.g. a Prime and a non-Prime offer). */
export interface BuyBoxState {
  /** SellerId of every offer marked IsBuyBoxWinner, in answer order. */
  winners: string[];
  /** A winning offer is the calling seller's own (MyOffer). */
  mine: boolean;
  /** The Prime and the non-Prime winner apart (./buybox.ts); unknown when the answer cannot say. */
  featured?: FeaturedOffers;
}

/**
 * The Buy Box state per requested ASIN whose response succeeded; absent when unknown. The
 * Prime / non-Prime split (`featured`) is added by the client from the same answer (./buybox.ts).
 */
export function buyBoxStates(body: ItemOffersBatchPayload, requested: readonly string[]): Map<string, BuyBoxState> {
  const wanted = new Set(requested);
  const states = new Map<string, BuyBoxState>();
  for (const response of Array.isArray(body.responses) ? body.responses : []) {
    const asin = text(at(response, "request", "Asin")) ?? text(at(response, "body", "payload", "ASIN"));
    if (!asin || !wanted.has(asin) || at(response, "status", "statusCode") !== 200) continue;
    const offers = at(response, "body", "payload", "Offers");
    if (!Array.isArray(offers)) continue;
    const winning = offers.filter((offer) => at(offer, "IsBuyBoxWinner") === true);
    states.set(asin, {
      winners: winning.flatMap((offer) => (text(at(offer, "SellerId")) ? [text(at(offer, "SellerId"))!] : [])),
      mine: winning.some((offer) => at(offer, "MyOffer") === true),
    });
  }
  return states;
}

/** The seller holds the Buy Box when ANY winning offer is theirs: MyOffer, or their SellerId. */
export function holdsBuyBox(state: BuyBoxState, sellerId: string): boolean {
  return state.mine || state.winners.includes(sellerId);
}

/** The Buy Box holder to record: the seller when they hold it (one of two, say), else the first winner. */
export function buyBoxHolder(state: BuyBoxState, sellerId: string): string | null {
  return holdsBuyBox(state, sellerId) ? sellerId : (state.winners[0] ?? null);
}

function text(value: unknown): string | undefined {
  return typeof value === "string" && value !== "" ? value : undefined;
}

/**
 * The parts of SP-API's inventory answers the snapshot job reads (everything may be absent):
 * FBA Inventory v1 getInventorySummaries: { payload: { inventorySummaries: InventorySummary[] },
 * pagination: { nextToken } }, InventorySummary { asin, sellerSku, inventoryDetails: { fulfillableQuantity } }.
 * Product Pricing v0 getItemOffersBatch (the Buy Box) is read by ./buybox.ts.
 */
import { at } from "../../shared/json-path";

export interface InventorySummariesPayload {
  payload?: {
    inventorySummaries?: { asin?: string; sellerSku?: string; inventoryDetails?: { fulfillableQuantity?: number } }[];
  };
  pagination?: { nextToken?: string };
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

function text(value: unknown): string | undefined {
  return typeof value === "string" && value !== "" ? value : undefined;
}

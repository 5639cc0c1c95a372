import type { AccountMarketplace } from "../../contract/account";
import { fulfillableUnitsPage, type InventorySummariesPayload } from "./mapping";
import { SellerApiError } from "./seller-api";

/**
 * An inventory read starts again from its first page at most this many times in all. Amazon's
 * nextToken lives 30 s (the FBA Inventory model); a page the seller's quota or throttling kept
 * waiting longer is refused, and only a fresh first page gives a new token.
 */
const INVENTORY_READ_STARTS = 3;

/** One page of getInventorySummaries: the first without a token, each next with the token of the one before. */
export type InventoryPageOf = (nextToken: string | undefined) => Promise<InventorySummariesPayload>;

/**
 * Every page of a seller's FBA inventory summaries in the marketplace, New units summed per ASIN.
 * A later page Amazon refuses as bad input was asked for with a nextToken past its 30 s: the read
 * starts again from the first page, keeping nothing of the abandoned one.
 */
export async function readInventory(marketplace: AccountMarketplace, pageOf: InventoryPageOf): Promise<Map<string, number>> {
  for (let start = 1; ; start++) {
    const read = await readPages(pageOf);
    if (read.units) return read.units;
    if (start >= INVENTORY_READ_STARTS) throw read.tokenRefused;
    console.warn(`SP-API inventory in ${marketplace}: a nextToken was refused (${read.tokenRefused.message}); reading again from the first page`);
  }
}

async function readPages(pageOf: InventoryPageOf): Promise<{ units: Map<string, number> } | { units?: never; tokenRefused: SellerApiError }> {
  const units = new Map<string, number>();
  let nextToken: string | undefined;
  do {
    let payload: InventorySummariesPayload;
    try {
      payload = await pageOf(nextToken);
    } catch (error) {
      if (nextToken && error instanceof SellerApiError && error.permanent) return { tokenRefused: error };
      throw error;
    }
    const page = fulfillableUnitsPage(payload);
    for (const [asin, count] of page.units) units.set(asin, (units.get(asin) ?? 0) + count);
    nextToken = page.nextToken;
  } while (nextToken);
  return { units };
}

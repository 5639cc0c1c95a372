import type { AccountMarketplace } from "../../contract/account";
import { saveParticipations } from "../../seller/participations-store";
import { SellerApiError, type SellerApi } from "../../upstreams/spapi/seller-api";
import type { PhaseContext } from "./slice";

/** What a seller phase needs of its seller to judge a 403. */
export interface RefusedSeller {
  id: string;
  api: Pick<SellerApi, "getMarketplaceParticipations">;
  marketplaces: AccountMarketplace[];
  /** Whether the connection's marketplaces were read from Amazon (seller_connections.marketplaces). */
  participationsKnown: boolean;
}

/**
 * Whose refusal a 403 in `marketplace` is. Amazon refuses a marketplace the seller does not sell
 * in with the same 403 Unauthorized as a grant that is gone, so while the connection's
 * marketplaces were never read they are read now (one call, counted in the slice) and kept, so
 * later nights ask only where the seller sells. A marketplace outside them is skipped alone; a
 * refusal where the seller sells, a refused read (LWA invalid_grant included), or every
 * marketplace refused tonight is the whole seller's.
 */
export async function refusalScope(ctx: Pick<PhaseContext, "env" | "day" | "budget" | "notes">, seller: RefusedSeller, marketplace: AccountMarketplace): Promise<"marketplace" | "seller"> {
  if (seller.participationsKnown || !seller.api.getMarketplaceParticipations) return "seller";
  // Unknown tonight (no call left in the slice, throttled, Amazon down): this marketplace is skipped, unless none answers.
  const unread = async () => {
    const key = `${ctx.day}:refusedMarketplaces:${seller.id}`;
    const refused = ((await ctx.notes.get(key)) ?? 0) + 1;
    await ctx.notes.put(key, refused);
    return refused >= seller.marketplaces.length ? "seller" : "marketplace";
  };
  if (ctx.budget.calls >= ctx.budget.maxCalls) return unread();
  let selling: AccountMarketplace[];
  ctx.budget.calls += 1;
  try {
    selling = await seller.api.getMarketplaceParticipations();
  } catch (error) {
    if (!(error instanceof SellerApiError)) throw error;
    if (error.status === 403) return "seller";
    console.warn(`snapshot ${ctx.day}: marketplaces of seller ${seller.id} unread (${error.status}): ${error.message}`);
    return unread();
  }
  await saveParticipations(ctx.env.DB, seller.id, selling);
  seller.participationsKnown = true;
  seller.marketplaces = seller.marketplaces.filter((code) => selling.includes(code));
  return selling.includes(marketplace) ? "seller" : "marketplace";
}

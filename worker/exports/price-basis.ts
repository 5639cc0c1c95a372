/** The label of a lowest-offer price, the same in every export and on screen. */
export const LOWEST_OFFER_LABEL = "Lowest offer (no Buy Box winner)";

/**
 * What an exported price is: the Buy Box's, or with no Buy Box winner the lowest offer's, never a
 * lowest offer passed off as the Buy Box price; null when there is no price. Pure.
 */
export function priceBasis(product: { price: unknown; priceSource?: "lowest_offer" }): string | null {
  if (product.price === null || product.price === undefined) return null;
  return product.priceSource === "lowest_offer" ? LOWEST_OFFER_LABEL : "Buy Box";
}

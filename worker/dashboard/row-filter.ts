/**
 * The dashboard's and portfolio's brand and category filters. A row without a brand or category
 * is grouped (and linked from /portfolio) under these names, so a filter by them finds it.
 */
export const UNKNOWN_BRAND = "Unknown brand";
export const UNCATEGORIZED = "Uncategorized";

export const brandOf = (row: { brand: string | null }): string => row.brand ?? UNKNOWN_BRAND;
export const categoryOf = (row: { category: string | null }): string => row.category ?? UNCATEGORIZED;

export function matchesFilter(row: { brand: string | null; category: string | null }, filter: { brand?: string | null; category?: string | null }): boolean {
  return (!filter.brand || brandOf(row) === filter.brand) && (!filter.category || categoryOf(row) === filter.category);
}

import { and, eq, inArray, sql } from "drizzle-orm";
import { drizzle } from "drizzle-orm/d1";
import { asinDetails } from "../db/schema";
import type { ProductData } from "../contract/product";

export interface AsinDetails {
  asin: string;
  marketplace: string;
  brand: string | null;
  title: string | null;
  image: string | null;
  category: string | null;
  source: "live" | "mock";
  capturedAt: string;
}

/**
 * The statement that keeps an ASIN's latest item data (brand, title, image, top category)
 * beside its rank snapshot. As with snapshots, a mock capture never replaces a live row.
 */
export function asinDetailsUpsert(db: D1Database, product: ProductData, source: "live" | "mock", capturedAt: string) {
  const values = {
    brand: product.brand ?? null,
    title: product.title,
    image: product.image,
    category: product.categoryPath[0] ?? null,
    source,
    capturedAt,
  };
  return drizzle(db)
    .insert(asinDetails)
    .values({ asin: product.asin, marketplace: product.marketplace, ...values })
    .onConflictDoUpdate({
      target: [asinDetails.asin, asinDetails.marketplace],
      set: values,
      setWhere: sql`${asinDetails.source} = 'mock' OR excluded.source = 'live'`,
    });
}

/** Item data of the given keys in one marketplace, keyed by ASIN; ASINs never captured are absent. */
export async function asinDetailsOf(db: D1Database, marketplace: string, asins: readonly string[]): Promise<Map<string, AsinDetails>> {
  const found = new Map<string, AsinDetails>();
  // D1 binds at most 100 parameters per statement.
  for (let i = 0; i < asins.length; i += 90) {
    const rows = await drizzle(db)
      .select()
      .from(asinDetails)
      .where(and(eq(asinDetails.marketplace, marketplace), inArray(asinDetails.asin, asins.slice(i, i + 90))));
    for (const row of rows) found.set(row.asin, { ...row, source: row.source === "live" ? "live" : "mock" });
  }
  return found;
}

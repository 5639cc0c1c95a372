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

/** One capture of an item, as the snapshot writers hold it. */
export interface ItemCapture {
  product: ProductData;
  source: "live" | "mock";
  capturedAt: string;
}

/** D1 binds at most 100 parameters per statement, and a row takes 8. */
const ROWS_PER_STATEMENT = 12;
/** On conflict, every item field takes the new row's value (SQLite's `excluded`). */
const fromNewRow = (column: { name: string }) => sql.raw(`excluded.${column.name}`);
const UPDATE_FROM_NEW_ROW = {
  brand: fromNewRow(asinDetails.brand),
  title: fromNewRow(asinDetails.title),
  image: fromNewRow(asinDetails.image),
  category: fromNewRow(asinDetails.category),
  source: fromNewRow(asinDetails.source),
  capturedAt: fromNewRow(asinDetails.capturedAt),
};

/**
 * The statements that keep each ASIN's latest item data (brand, title, image, top category)
 * beside its rank snapshot, 12 rows to a statement: a slice writing hundreds of items sends a
 * few dozen statements, not one per item. As with snapshots, a mock capture never replaces a live row.
 */
export function asinDetailsUpserts(db: D1Database, captures: readonly ItemCapture[]) {
  const rows = captures.map(({ product, source, capturedAt }) => ({
    asin: product.asin,
    marketplace: product.marketplace,
    brand: product.brand ?? null,
    title: product.title,
    image: product.image,
    category: product.categoryPath[0] ?? null,
    source,
    capturedAt,
  }));
  const statements = [];
  for (let i = 0; i < rows.length; i += ROWS_PER_STATEMENT) {
    statements.push(
      drizzle(db)
        .insert(asinDetails)
        .values(rows.slice(i, i + ROWS_PER_STATEMENT))
        .onConflictDoUpdate({
          target: [asinDetails.asin, asinDetails.marketplace],
          set: UPDATE_FROM_NEW_ROW,
          setWhere: sql`${asinDetails.source} = 'mock' OR excluded.source = 'live'`,
        }),
    );
  }
  return statements;
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

import { eq } from "drizzle-orm";
import { drizzle } from "drizzle-orm/d1";
import { isAccountMarketplace, type AccountMarketplace } from "../contract/account";
import { sellerCredentials } from "../db/schema";

/** The stored marketplaces a seller sells in, or null when they have not been read (or the column holds nothing readable). */
export async function storedParticipations(db: D1Database, userId: string): Promise<AccountMarketplace[] | null> {
  const [row] = await drizzle(db).select({ marketplaces: sellerCredentials.marketplaces }).from(sellerCredentials).where(eq(sellerCredentials.workspaceId, userId)).limit(1);
  return parseParticipations(row?.marketplaces ?? null);
}

/** Replaces the seller's marketplaces (null: unknown, the region's are offered). */
export async function saveParticipations(db: D1Database, userId: string, marketplaces: readonly AccountMarketplace[] | null): Promise<void> {
  await drizzle(db)
    .update(sellerCredentials)
    .set({ marketplaces: marketplaces === null ? null : JSON.stringify(marketplaces) })
    .where(eq(sellerCredentials.workspaceId, userId));
}

export function parseParticipations(text: string | null): AccountMarketplace[] | null {
  if (text === null) return null;
  try {
    const list: unknown = JSON.parse(text);
    return Array.isArray(list) ? list.filter((code): code is AccountMarketplace => typeof code === "string" && isAccountMarketplace(code)) : null;
  } catch {
    return null;
  }
}

import { eq } from "drizzle-orm";
import { drizzle } from "drizzle-orm/d1";
import { isAccountMarketplace, type AccountMarketplace } from "../contract/account";
import { sellerConnections } from "../db/schema";

/** Replaces the connection's marketplaces (null: unknown, the region's are offered). */
export async function saveParticipations(db: D1Database, connectionId: string, marketplaces: readonly AccountMarketplace[] | null): Promise<void> {
  await drizzle(db)
    .update(sellerConnections)
    .set({ marketplaces: marketplaces === null ? null : JSON.stringify(marketplaces) })
    .where(eq(sellerConnections.id, connectionId));
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

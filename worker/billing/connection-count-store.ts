import { eq } from "drizzle-orm";
import { drizzle } from "drizzle-orm/d1";
import { sellerCredentials } from "../db/schema";

/**
 * How many seller accounts a workspace has connected: the Agency plan's Stripe quantity and the
 * count `canAddConnection` checks. Today `seller_credentials` holds one row per connection
 * (keyed by workspace); the several-connections work keeps this the one place that counts them.
 */
export async function countSellerConnections(db: D1Database, workspaceId: string): Promise<number> {
  return drizzle(db).$count(sellerCredentials, eq(sellerCredentials.workspaceId, workspaceId));
}

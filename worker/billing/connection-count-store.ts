import { and, eq, lt, ne, or } from "drizzle-orm";
import { drizzle } from "drizzle-orm/d1";
import { sellerConnections } from "../db/schema";

/**
 * How many seller accounts a workspace has connected (holding a token): the Agency plan's
 * Stripe quantity and the count `canAddConnection` checks. Disconnected rows (data kept, no
 * token) and demo mock sellers are not billed.
 */
export async function countSellerConnections(db: D1Database, workspaceId: string): Promise<number> {
  return drizzle(db).$count(sellerConnections, and(eq(sellerConnections.workspaceId, workspaceId), eq(sellerConnections.status, "connected")));
}

/** The demo Agency's quantity: its seller accounts are "demo", not "connected", and count as a paid Agency's connected ones do. */
export async function countDemoSellerConnections(db: D1Database, workspaceId: string): Promise<number> {
  return drizzle(db).$count(sellerConnections, and(eq(sellerConnections.workspaceId, workspaceId), ne(sellerConnections.status, "disconnected")));
}

/** How many of its workspace's connected seller accounts were connected before this one (by creation, then id): its place in the plan's count. */
export async function countConnectedBefore(db: D1Database, connection: { id: string; workspaceId: string; createdAt: string }): Promise<number> {
  return drizzle(db).$count(
    sellerConnections,
    and(
      eq(sellerConnections.workspaceId, connection.workspaceId),
      eq(sellerConnections.status, "connected"),
      or(lt(sellerConnections.createdAt, connection.createdAt), and(eq(sellerConnections.createdAt, connection.createdAt), lt(sellerConnections.id, connection.id))),
    ),
  );
}

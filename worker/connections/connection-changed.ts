import type { Services } from "../services";

/**
 * The one call site for "the workspace's connections changed" (a connection added, reconnected
 * after a disconnect, or removed). Merge with the agency branch: call
 * `syncAgencyQuantity(db, services.sources.billing(), workspaceId)` here, so an Agency
 * subscription's Stripe quantity follows the count of connected sellers (prorated).
 */
export async function connectionsChanged(_db: D1Database, _services: Services, _workspaceId: string): Promise<void> {}

import { listConnections, type ConnectionRecord } from "../connections/connection-store";
import { ACCOUNT_MARKETPLACES, type AccountMarketplace, type SellerRegion } from "../contract/account";
import { MARKETPLACES } from "../contract/marketplaces";
import { MARKETPLACE_REGION } from "../upstreams/spapi/endpoints";
import { SellerApiError } from "../upstreams/spapi/seller-api";
import { SpApiSellerApi } from "../upstreams/spapi/client";
import { parseParticipations, saveParticipations } from "./participations-store";

/**
 * Reads the marketplaces the seller sells in from Amazon (getMarketplaceParticipations) and
 * stores them; called at sign-in and on every reconnect (the Amazon callback), with the access
 * token the code exchange just granted (so sign-in mints no second one). A failure, or no
 * token, is logged and stores "unknown" (the region's marketplaces are offered until the next
 * sign-in): signing in never fails because of it. Answers what was stored.
 */
export async function refreshParticipations(db: D1Database, connectionId: string, region: SellerRegion, accessToken: string | null): Promise<AccountMarketplace[] | null> {
  let marketplaces: AccountMarketplace[] | null = null;
  if (accessToken) {
    const api = new SpApiSellerApi({ region, accessToken: async () => accessToken, dropAccessToken: () => undefined });
    try {
      marketplaces = await api.getMarketplaceParticipations();
    } catch (error) {
      if (!(error instanceof SellerApiError)) throw error;
      console.error(`getMarketplaceParticipations failed for seller connection ${connectionId} (${error.status}): ${error.message}`);
    }
  }
  await saveParticipations(db, connectionId, marketplaces);
  return marketplaces;
}

/**
 * The marketplaces one connection's seller data (Buy Box, FBA stock, sales) can come from: the
 * ones Amazon says it sells in, within its authorization's region; the region's while the
 * participations are unknown. A demo workspace's own mock seller (the connection with the
 * workspace's id) reaches every marketplace, a demo sample client its region's.
 */
export function connectionMarketplaces(connection: Pick<ConnectionRecord, "id" | "workspaceId" | "status" | "region" | "marketplaces">): AccountMarketplace[] {
  if (connection.status === "demo" && connection.id === connection.workspaceId) return [...ACCOUNT_MARKETPLACES];
  const inRegion = ACCOUNT_MARKETPLACES.filter((marketplace) => MARKETPLACE_REGION[marketplace] === connection.region);
  const participating = parseParticipations(connection.marketplaces);
  return participating === null ? inRegion : inRegion.filter((marketplace) => participating.includes(marketplace));
}

/**
 * The marketplaces a workspace's seller data can come from: those of one connection when
 * `connectionId` is given, else of every connected (or demo) one; every one for the demo.
 */
export async function sellingMarketplaces(db: D1Database, workspace: { id: string; isDemo: boolean }, connectionId?: string | null): Promise<AccountMarketplace[]> {
  if (workspace.isDemo && !connectionId) return [...ACCOUNT_MARKETPLACES];
  const live = (await listConnections(db, workspace.id)).filter((row) => row.status !== "disconnected" && (!connectionId || row.id === connectionId));
  const selling = new Set(live.flatMap(connectionMarketplaces));
  return ACCOUNT_MARKETPLACES.filter((marketplace) => selling.has(marketplace));
}

/** The refusal of seller data in a marketplace the seller does not sell in, naming the ones they do. */
export function notSellingDetail(marketplace: AccountMarketplace | string, selling: readonly AccountMarketplace[], what: string): string {
  const list = selling.length === 0 ? "none" : selling.join(", ");
  const name = (MARKETPLACES as Record<string, { name: string } | undefined>)[marketplace]?.name ?? marketplace;
  return `Your seller account does not sell in ${name} (${marketplace}), so ${what} cannot be read there. Amazon lists your marketplaces as: ${list}.`;
}

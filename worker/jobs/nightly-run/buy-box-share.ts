import { listConnections } from "../../connections/connection-store";
import { connectionMarketplaces } from "../../seller/participations";
import { MAX_BUY_BOX_ASINS } from "../../upstreams/spapi/seller-api";
import { trackedAsinAt, trackedCountIn } from "./buy-box-share-store";
import { stageCursor } from "./stage-cursor";
import { userTrackedAsinsPage } from "./tracked-store";

/**
 * The Buy Box of an ASIN is the same whoever asks, and every connection of a workspace walks all
 * its tracked ASINs, so an agency's connections each asked Amazon about every one (4,600
 * getItemOffersBatch calls a night for 20 clients × 500 ASINs, three hours at the Agency plan's
 * limits). When two or more live connections walk a marketplace, each starts at its own share of
 * the ASINs (the i-th of n connections, by id, at the i-th n-th, on a page boundary) and wraps
 * around: a page another connection answered today is written from its row, with no call
 * (upstreams/spapi/buybox.ts sharedOffersOf). The connections walk side by side at the same pace,
 * so each finds the others' shares answered; one that is slow or failing leaves its share to
 * the others, which ask it themselves.
 */
export interface SharePosition {
  marketplace: string;
  /** The last ASIN before this connection's share ("" for the first share): walked last, after the wrap. */
  bound: string;
  /** The last ASIN done. */
  after: string;
  wrapped: boolean;
}

/** A share walk's cursor; a plain key cursor is the walk in key order, alone. */
export const shareCursor = stageCursor<SharePosition>("share:");

/** Where a connection starts in `marketplace`, or null when no other live connection walks it. */
export async function shareStart(db: D1Database, seller: { id: string; workspaceId: string }, marketplace: string): Promise<SharePosition | null> {
  const walking = (await listConnections(db, seller.workspaceId))
    .filter((connection) => connection.status === "connected" && (connectionMarketplaces(connection) as string[]).includes(marketplace))
    .map((connection) => connection.id)
    .sort();
  if (walking.length < 2) return null;
  const rank = Math.max(0, walking.indexOf(seller.id));
  const pages = Math.ceil((await trackedCountIn(db, seller.workspaceId, marketplace)) / MAX_BUY_BOX_ASINS);
  const firstPage = Math.floor((rank * pages) / walking.length);
  const bound = firstPage === 0 ? "" : ((await trackedAsinAt(db, seller.workspaceId, marketplace, firstPage * MAX_BUY_BOX_ASINS - 1)) ?? "");
  return { marketplace, bound, after: bound, wrapped: false };
}

/** The next page of a share walk (up to MAX_BUY_BOX_ASINS ASINs), or where the walk goes when the part is done. */
export async function sharePage(db: D1Database, workspaceId: string, at: SharePosition): Promise<{ asins: string[] } | { wrapTo: SharePosition } | { marketplaceDone: true }> {
  const keys = await userTrackedAsinsPage(db, workspaceId, [at.marketplace], { marketplace: at.marketplace, asin: at.after }, MAX_BUY_BOX_ASINS);
  const asins = keys.map((key) => key.asin).filter((asin) => !at.wrapped || asin <= at.bound);
  if (asins.length > 0) return { asins };
  if (!at.wrapped && at.bound !== "") return { wrapTo: { ...at, after: "", wrapped: true } };
  return { marketplaceDone: true };
}

import { countConnectedBefore } from "../../billing/connection-count-store";
import { planOfWorkspace } from "../../billing/user-plan";
import { findConnectionById, type ConnectionRecord } from "../../connections/connection-store";
import { refreshedUnderPlan } from "../../contract/plans";
import type { AccountMarketplace } from "../../contract/account";
import { connectionMarketplaces } from "../../seller/participations";
import { AppCredentialsRefusedError, MAX_BUY_BOX_ASINS, SellerApiError, type FeaturedOffers, type SellerApi } from "../../upstreams/spapi/seller-api";
import { sellerBudget, tellAnswered } from "../../upstreams/spapi/seller-budget";
import { buyBoxRecord, sharedOffersOf, UNKNOWN_BUY_BOX, type RecordedBuyBox } from "../../upstreams/spapi/buybox";
import type { BudgetClient } from "../../upstreams/budget/budget-client";
import { takeBatchToken } from "./product-phase";
import { addToCount, captureIso, clearScopeFailures, noteRepeatedFailure, type PhaseContext, type PhaseResult } from "./slice";
import { sellerDayRowUpsert } from "../../history/rank-points-store";
import { clearAppRefused, clearSellerRefused, markAppRefused, markSellerRefused } from "./seller-attention";
import { readInventoryOnce } from "./seller-inventory";
import { keyCursor, parseKeyCursor, pastMarketplace, userTrackedAsinsPage } from "./tracked-store";
import { walkSellers, type SellerStep } from "./seller-walk";
import { shareCursor, sharePage, shareStart } from "./buy-box-share";
import { sharedBuyBoxRows } from "./buy-box-share-store";
import { refusalScope } from "./seller-marketplaces";
import { parseParticipations } from "../../seller/participations-store";

/** getItemOffersBatch allows 0.1 requests per second per seller (Product Pricing v0 usage plan). */
export const OFFERS_BATCH_INTERVAL_MS = 10_000;
/** One seller connection being walked: `id` is the connection's, `workspaceId` the workspace whose tracked ASINs it reads. */
export interface Seller {
  id: string;
  workspaceId: string;
  sellingPartnerId: string;
  api: SellerApi;
  marketplaces: AccountMarketplace[];
  /** Whether the connection's marketplaces were read from Amazon; while not, a 403 may be one marketplace's (seller-marketplaces.ts). */
  participationsKnown: boolean;
  /**
   * This seller's getItemOffersBatch budget (SP-API limits apply per seller and operation), the
   * same UpstreamBudget bucket any other caller of that operation for the seller shares; null
   * for the mock.
   */
  offersBudget: BudgetClient | null;
  /** Whether the seller answered in this slice (its old "needs attention" mark is cleared once). */
  answered?: boolean;
}

/**
 * The sellers phase: every seller connection (and demo mock seller), SELLER_CONCURRENCY at once
 * (seller-walk.ts), each its workspace's tracked ASINs in steps of up to 20 of one marketplace:
 * fulfillable FBA units and the Buy Box holder, written to seller_snapshots under the
 * connection. A seller whose authorization fails is logged and skipped; the others go on.
 */
export function runSellerPhase(ctx: PhaseContext, cursor: string | null): Promise<PhaseResult> {
  return walkSellers(ctx, { phase: "sellers", open: openSeller, step: buyBoxStep }, cursor);
}

/** One step of one seller: the Buy Box of up to 20 of its ASINs of one marketplace after `position`. */
async function buyBoxStep(ctx: PhaseContext, seller: Seller, position: string | null): Promise<SellerStep> {
  const db = ctx.env.DB;
  const share = shareCursor.read(position);
  if (share) {
    const page = await sharePage(db, seller.workspaceId, share);
    if ("wrapTo" in page) return { kind: "next", position: shareCursor.write(page.wrapTo), rows: [], processed: 0 };
    if ("marketplaceDone" in page) return { kind: "next", position: keyCursor(pastMarketplace(share.marketplace)), rows: [], processed: 0 };
    return pageStep(ctx, seller, share.marketplace as AccountMarketplace, page.asins, shareCursor.write({ ...share, after: page.asins.at(-1)! }), true);
  }
  const after = parseKeyCursor(position);
  const page = await userTrackedAsinsPage(db, seller.workspaceId, seller.marketplaces, after, MAX_BUY_BOX_ASINS);
  const marketplace = page[0]?.marketplace as AccountMarketplace | undefined;
  const chunk = page.filter((key) => key.marketplace === marketplace);
  if (!marketplace || chunk.length === 0) return { kind: "done", rows: [], processed: 0 };
  // Entering a marketplace other live connections of the workspace walk too: this one's share first (buy-box-share.ts).
  if (after?.marketplace !== marketplace && seller.api.kind === "spapi") {
    const start = await shareStart(db, seller, marketplace);
    if (start) return { kind: "next", position: shareCursor.write(start), rows: [], processed: 0 };
  }
  return pageStep(ctx, seller, marketplace, chunk.map((key) => key.asin), keyCursor(chunk.at(-1)!), false);
}

/**
 * The Buy Box of `asins` (one marketplace, up to 20): with `shared`, those another connection of
 * the workspace answered today are written from its row, and only the rest are asked, after the
 * seller's token (and once more looked up after it: the others may have answered meanwhile).
 */
async function pageStep(ctx: PhaseContext, seller: Seller, marketplace: AccountMarketplace, asins: string[], next: string, shared: boolean): Promise<SellerStep> {
  const { env, day, clock, budget } = ctx;
  const db = env.DB;
  // Inventory once per seller and marketplace per night, before the Buy Box and apart from it. Its
  // pages are the invocation's calls too: with none left, or none left after it, the step comes back in the next.
  if (!(await readInventoryOnce(ctx, seller, marketplace)) || budget.calls >= budget.maxCalls) return { kind: "wait", resumeAt: clock.now() };
  const scope = { workspaceId: seller.workspaceId, marketplace, day, connectionId: seller.id };
  // Only a seller Amazon answered tonight takes the others' rows: a revoked grant must still meet its 403
  // (marked, skipped), not be kept looking connected on the others' answers.
  const provenKey = `${day}:buybox-answered:${seller.id}`;
  shared &&= seller.answered === true || (await ctx.notes.get(provenKey)) !== undefined;
  const known = shared ? await sharedBuyBoxRows(db, scope, asins) : new Map<string, RecordedBuyBox>();
  const toAsk = () => asins.filter((asin) => !known.has(asin));
  if (toAsk().length > 0 && seller.offersBudget) {
    const token = await takeBatchToken(seller.offersBudget, clock, budget.deadline);
    if (typeof token === "number") return { kind: "wait", resumeAt: token };
    if (shared) for (const [asin, row] of await sharedBuyBoxRows(db, scope, toAsk())) known.set(asin, row);
  }
  // A page answered from the others' rows is two D1 queries and a write: counted as a call, so an invocation stays inside its subrequests.
  budget.calls += 1;

  const unanswered = toAsk();
  const attemptsKey = `sellers:${seller.id}|${next}`;
  let winners = new Map<string, FeaturedOffers>();
  try {
    if (unanswered.length > 0) winners = await seller.api.getBuyBoxWinners(unanswered, marketplace);
  } catch (error) {
    if (!(error instanceof SellerApiError)) throw error;
    if (error instanceof AppCredentialsRefusedError) return skipForAppRefusal(ctx, error);
    if (error.status === 429) await seller.offersBudget?.penalize(clock.now(), error.retryAfterSeconds ?? 1);
    if (error.status === 403 && (await refusalScope(ctx, seller, marketplace)) === "marketplace") {
      console.warn(`snapshot ${day}: seller ${seller.id} does not sell in ${marketplace}: skipped there`);
      return { kind: "next", position: keyCursor(pastMarketplace(marketplace)), rows: [], processed: 0 };
    }
    if (error.status === 403) {
      console.error(`snapshot ${day}: seller ${seller.id} skipped: ${error.message}`);
      await markSellerRefused(db, seller.id, seller.sellingPartnerId, error, day, new Date(clock.now()).toISOString());
      await addToCount(ctx, "sellersSkipped", 1);
      return { kind: "done", rows: [], processed: 0 };
    }
    // 404 and a refused request (400, amazon-errors.ts) would fail the same way again: no retry.
    const failure =
      error.status === 404 || error.permanent ? ({ giveUp: true } as const) : await noteRepeatedFailure(ctx, `sellers:${seller.id}`, attemptsKey, error.retryAfterSeconds);
    if (!failure.giveUp) {
      console.warn(`snapshot ${day}: seller ${seller.id} ${marketplace} batch failed (${error.status}); retrying later`);
      return { kind: "wait", resumeAt: failure.resumeAt };
    }
    console.error(`snapshot ${day}: gave up on seller ${seller.id} ${marketplace} ASINs ${unanswered.join(",")}: ${error.message}`);
    await addToCount(ctx, "failed", unanswered.length);
    // The others' answers still give this seller its rows of them.
    return { kind: "next", position: next, rows: buyBoxRows(ctx, seller, marketplace, [...known.keys()], known, winners), processed: asins.length };
  }

  // Amazon answered this seller's own call (a page answered from the others' rows proves nothing of it).
  if (unanswered.length > 0) {
    await tellOffersAnswered(ctx, seller);
    if (seller.api.kind === "spapi" && !seller.answered) {
      seller.answered = true;
      await Promise.all([clearSellerRefused(db, seller.id), clearAppRefused(db), ctx.notes.put(provenKey, 1)]);
    }
    await clearScopeFailures(ctx, `sellers:${seller.id}`, attemptsKey);
  }
  return { kind: "next", position: next, rows: buyBoxRows(ctx, seller, marketplace, asins, known, winners), processed: asins.length };
}

/** The seller's snapshot rows of `asins`: from another connection's row when `known` has one, else from this seller's own answer. */
function buyBoxRows(ctx: PhaseContext, seller: Seller, marketplace: string, asins: readonly string[], known: Map<string, RecordedBuyBox>, winners: Map<string, FeaturedOffers>) {
  const capturedAt = captureIso(ctx.day, ctx.clock.now());
  const { id: connectionId, workspaceId, sellingPartnerId, api } = seller;
  return asins.map((asin) => {
    const recorded = known.get(asin);
    const offers = recorded ? sharedOffersOf(recorded) : winners.get(asin);
    return sellerDayRowUpsert(ctx.env.DB, {
      userId: workspaceId,
      connectionId,
      asin,
      marketplace,
      source: api.kind,
      // Prime and non-Prime apart; "holds" is the one most shoppers see (upstreams/spapi/buybox.ts).
      ...buyBoxRecord(offers ?? UNKNOWN_BUY_BOX, sellingPartnerId),
      capturedAt,
    });
  });
}

/**
 * LWA refused RankLayer's own app credentials: no seller's call can succeed tonight, and none is
 * at fault. Marked once for /status; the seller is skipped at once (no retries, no seller mark).
 */
export async function skipForAppRefusal(ctx: PhaseContext, error: AppCredentialsRefusedError): Promise<SellerStep> {
  await markAppRefused(ctx, error);
  await addToCount(ctx, "sellersSkipped", 1);
  return { kind: "done", rows: [], processed: 0 };
}

/** The connection's API client and reachable marketplaces, or null (logged, skipped) when it has none. */
export async function openSeller(ctx: PhaseContext, connectionId: string): Promise<Seller | null> {
  const connection = await findConnectionById(ctx.env.DB, connectionId);
  if (!connection) return null;
  if (await beyondPlan(ctx.env.DB, connection)) {
    console.log(`snapshot ${ctx.day}: seller connection ${connectionId} not refreshed: beyond its workspace's plan`);
    return null;
  }
  try {
    const api = await ctx.services.sources.sellerConnection(connection, ctx.day);
    // Only where the seller sells (getMarketplaceParticipations), within its authorization's region.
    const marketplaces = connectionMarketplaces(connection);
    const offersBudget = api.kind === "spapi" ? sellerBudget(ctx.env, connection.sellingPartnerId, "getItemOffersBatch", { ratePerSecond: 1000 / OFFERS_BATCH_INTERVAL_MS, burst: 1 }) : null;
    const participationsKnown = parseParticipations(connection.marketplaces) !== null;
    return { id: connection.id, workspaceId: connection.workspaceId, sellingPartnerId: connection.sellingPartnerId, api, marketplaces, participationsKnown, offersBudget };
  } catch (error) {
    if (!(error instanceof SellerApiError)) throw error;
    console.error(`snapshot ${ctx.day}: seller connection ${connectionId} skipped: ${error.message}`);
    await addToCount(ctx, "sellersSkipped", 1);
    return null;
  }
}

/**
 * A connected seller account past its workspace's plan (a downgrade keeps every connection): not
 * asked tonight, so a workspace's SP-API calls stay what its plan pays for. Demo sellers are mock.
 */
async function beyondPlan(db: D1Database, connection: ConnectionRecord): Promise<boolean> {
  if (connection.status !== "connected") return false;
  // The first connected is within every plan (each connects at least one): no plan read for most sellers.
  const before = await countConnectedBefore(db, connection);
  if (before === 0) return false;
  return !refreshedUnderPlan(await planOfWorkspace(db, connection.workspaceId), before);
}

/** The getItemOffersBatch path, whose x-amzn-RateLimit-Limit sets the seller's offers bucket. */
export const OFFERS_BATCH_PATH = "/batches/products/pricing/v0/itemOffers";

/** The seller's offers bucket paces the next batch from this one's answer, at the rate Amazon stated for this seller (x-amzn-RateLimit-Limit). */
export async function tellOffersAnswered(ctx: Pick<PhaseContext, "clock">, seller: Seller): Promise<void> {
  await tellAnswered(seller.api, OFFERS_BATCH_PATH, seller.offersBudget, ctx.clock.now());
}

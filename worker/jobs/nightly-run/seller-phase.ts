import { findConnectionById } from "../../connections/connection-store";
import { ACCOUNT_MARKETPLACES, type AccountMarketplace } from "../../contract/account";
import { MARKETPLACE_REGION } from "../../upstreams/spapi/endpoints";
import { MAX_BUY_BOX_ASINS, SellerApiError, type BuyBoxState, type SellerApi } from "../../upstreams/spapi/seller-api";
import { buyBoxRecord, UNKNOWN_BUY_BOX } from "../../upstreams/spapi/buybox";
import { advanceCursor, writeStep } from "../nightly-run-store";
import { durableBudget, type BudgetClient } from "../../upstreams/budget/budget-client";
import { spapiBucket } from "../../upstreams/budget/token-bucket";
import { takeBatchToken } from "./product-phase";
import { addToCount, captureIso, clearFailures, noteFailure, type PhaseContext, type PhaseResult } from "./slice";
import { sellerDayRowUpsert } from "../../history/rank-points-store";
import { clearSellerRefused, markSellerRefused } from "./seller-attention";
import { readInventoryOnce } from "./seller-inventory";
import { keyCursor, nextSellerWithTrackedAsins, parseKeyCursor, userTrackedAsinsPage, type TrackedKey } from "./tracked-store";

/** getItemOffersBatch allows 0.1 requests per second per seller (Product Pricing v0 usage plan). */
export const OFFERS_BATCH_INTERVAL_MS = 10_000;
/** Cursor position meaning "this seller is done (or skipped)". */
const SELLER_DONE = "done";

export interface Seller {
  /** The seller connection: the walk's unit (its data rows and "needs attention" mark carry this id). */
  id: string;
  /** The connection's workspace, whose tracked ASINs are the seller's. */
  workspaceId: string;
  sellingPartnerId: string;
  api: SellerApi;
  marketplaces: AccountMarketplace[];
  /**
   * This seller's getItemOffersBatch budget (SP-API limits apply per seller and operation), the
   * same UpstreamBudget bucket any other caller of that operation for the seller shares; null
   * for the mock.
   */
  offersBudget: BudgetClient | null;
  /** The rate the offers bucket runs at: the default, or what Amazon's x-amzn-RateLimit-Limit says. */
  offersRate?: number;
}

/**
 * The sellers phase: for each seller connection (and demo workspace's mock seller), its
 * workspace's tracked ASINs in steps of up to 20 of one marketplace: fulfillable FBA units and
 * the Buy Box holder, written to seller_snapshots under the connection with the cursor
 * "<connectionId>|<marketplace>:<asin>" in one D1 batch.
 * A seller whose authorization fails is logged and skipped; the others go on.
 */
export async function runSellerPhase(ctx: PhaseContext, cursor: string | null): Promise<PhaseResult> {
  const { env, day, clock, budget } = ctx;
  const db = env.DB;
  const bar = cursor?.indexOf("|") ?? -1;
  let lastUserId = cursor && bar >= 0 ? cursor.slice(0, bar) : "";
  const position = cursor && bar >= 0 ? cursor.slice(bar + 1) : SELLER_DONE;
  let after: TrackedKey | null = position === SELLER_DONE ? null : parseKeyCursor(position);
  let seller: Seller | null = position === SELLER_DONE || !lastUserId ? null : await openSeller(ctx, lastUserId);
  // Sellers that answered in this slice: any old "needs attention" mark of theirs is cleared once.
  const answeredSellers = new Set<string>();

  for (;;) {
    if (!seller) {
      const next = await nextSellerWithTrackedAsins(db, lastUserId);
      if (!next) return { finished: true };
      lastUserId = next.id;
      after = null;
      seller = await openSeller(ctx, next.id);
      if (!seller) continue;
    }
    const page = await userTrackedAsinsPage(db, seller.workspaceId, seller.marketplaces, after, MAX_BUY_BOX_ASINS);
    const marketplace = page[0]?.marketplace as AccountMarketplace | undefined;
    const chunk = page.filter((key) => key.marketplace === marketplace);
    if (!marketplace || chunk.length === 0) {
      seller = null;
      continue;
    }
    if (budget.calls >= budget.maxCalls) return { finished: false, resumeAt: clock.now() };
    // Inventory once per seller and marketplace per night, before the Buy Box and apart from it.
    await readInventoryOnce(ctx, seller, marketplace);
    if (seller.offersBudget) {
      const token = await takeBatchToken(seller.offersBudget, clock, budget.deadline);
      if (typeof token === "number") return { finished: false, resumeAt: token };
    }
    budget.calls += 1;

    const asins = chunk.map((key) => key.asin);
    const last = `${seller.id}|${keyCursor(chunk.at(-1)!)}`;
    const nowIso = () => new Date(clock.now()).toISOString();
    let winners: Map<string, BuyBoxState>;
    const offersCall = true;
    try {
      winners = await seller.api.getBuyBoxWinners(asins, marketplace);
    } catch (error) {
      if (!(error instanceof SellerApiError)) throw error;
      if (error.status === 429 && offersCall) await seller.offersBudget?.penalize(clock.now(), error.retryAfterSeconds ?? 1);
      if (error.status === 403) {
        console.error(`snapshot ${day}: seller ${seller.id} skipped: ${error.message}`);
        await markSellerRefused(db, seller.id, seller.sellingPartnerId, error, day, nowIso());
        await addToCount(ctx, "sellersSkipped", 1);
        await advanceCursor(db, day, "sellers", `${seller.id}|${SELLER_DONE}`, 0, nowIso());
        seller = null;
        continue;
      }
      // 404 and a refused request (400, amazon-errors.ts) would fail the same way again: no retry.
      const failure = error.status === 404 || error.permanent ? ({ giveUp: true } as const) : await noteFailure(ctx, `sellers:${last}`, error.retryAfterSeconds);
      if (!failure.giveUp) {
        console.warn(`snapshot ${day}: seller ${seller.id} ${marketplace} batch failed (${error.status}); retrying later`);
        return { finished: false, resumeAt: failure.resumeAt };
      }
      console.error(`snapshot ${day}: gave up on seller ${seller.id} ${marketplace} ASINs ${asins.join(",")}: ${error.message}`);
      await addToCount(ctx, "failed", asins.length);
      await advanceCursor(db, day, "sellers", last, asins.length, nowIso());
      after = chunk.at(-1)!;
      continue;
    }

    followRateLimit(ctx, seller);
    const capturedAt = captureIso(day, clock.now());
    const { id: connectionId, workspaceId, sellingPartnerId, api } = seller;
    const rows = asins.map((asin) => {
      const state = winners.get(asin);
      return sellerDayRowUpsert(db, {
        userId: workspaceId,
        connectionId,
        asin,
        marketplace,
        source: api.kind,
        // Prime and non-Prime apart; "holds" is the one most shoppers see (upstreams/spapi/buybox.ts).
        ...buyBoxRecord(state?.featured ?? UNKNOWN_BUY_BOX, sellingPartnerId),
        capturedAt,
      });
    });
    await writeStep(db, { day, phase: "sellers", cursor: last, processed: asins.length, nowIso: nowIso() }, rows);
    if (api.kind === "spapi" && !answeredSellers.has(connectionId)) {
      answeredSellers.add(connectionId);
      await clearSellerRefused(db, connectionId);
    }
    await clearFailures(ctx, `sellers:${last}`);
    after = chunk.at(-1)!;
  }
}

/** The connection's API client and reachable marketplaces, or null (logged, skipped) when it has none. */
export async function openSeller(ctx: PhaseContext, connectionId: string): Promise<Seller | null> {
  const connection = await findConnectionById(ctx.env.DB, connectionId);
  if (!connection) return null;
  try {
    const api = await ctx.services.sources.sellerConnection(connection);
    // An authorization covers one SP-API region; the demo account's own mock seller (the
    // connection with its workspace's id) reaches every marketplace, a demo sample client its region's.
    const region = connection.status === "demo" && connection.id === connection.workspaceId ? null : connection.region;
    const marketplaces = ACCOUNT_MARKETPLACES.filter((marketplace) => region === null || MARKETPLACE_REGION[marketplace] === region);
    const offersBudget =
      api.kind === "spapi"
        ? durableBudget(ctx.env, spapiBucket(connection.sellingPartnerId, "getItemOffersBatch"), { ratePerSecond: 1000 / OFFERS_BATCH_INTERVAL_MS, burst: 1 })
        : null;
    return { id: connection.id, workspaceId: connection.workspaceId, sellingPartnerId: connection.sellingPartnerId, api, marketplaces: [...marketplaces], offersBudget };
  } catch (error) {
    if (!(error instanceof SellerApiError)) throw error;
    console.error(`snapshot ${ctx.day}: seller connection ${connectionId} skipped: ${error.message}`);
    await addToCount(ctx, "sellersSkipped", 1);
    return null;
  }
}

/** The getItemOffersBatch path, whose x-amzn-RateLimit-Limit sets the seller's offers bucket. */
export const OFFERS_BATCH_PATH = "/batches/products/pricing/v0/itemOffers";

/** Raises (or lowers) the seller's offers bucket to the rate Amazon stated for this seller. */
export function followRateLimit(ctx: Pick<PhaseContext, "env">, seller: Seller): void {
  const stated = seller.api.rateLimitOf?.(OFFERS_BATCH_PATH);
  if (stated === undefined || !seller.offersBudget || stated === (seller.offersRate ?? 1000 / OFFERS_BATCH_INTERVAL_MS)) return;
  seller.offersRate = stated;
  seller.offersBudget = durableBudget(ctx.env, spapiBucket(seller.sellingPartnerId, "getItemOffersBatch"), { ratePerSecond: stated, burst: 1 });
}

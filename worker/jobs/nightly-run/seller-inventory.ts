import { drizzle } from "drizzle-orm/d1";
import type { AccountMarketplace } from "../../contract/account";
import { sellerDayRowUpsert } from "../../history/rank-points-store";
import { SellerApiError } from "../../upstreams/spapi/seller-api";
import { captureIso, type PhaseContext } from "./slice";
import { userTrackedAsinsPage, type TrackedKey } from "./tracked-store";

const PAGE = 100;
/** D1 statements per batch when writing a seller's units. */
const WRITE_BATCH = 50;

/**
 * FBA inventory once per seller and marketplace per night: every page, for all the seller's
 * tracked ASINs there, written before the Buy Box reads and apart from them (a failed inventory
 * read leaves today's units unknown and never costs the Buy Box). The run's notes remember it
 * was read, so later slices do not read it again.
 */
export async function readInventoryOnce(
  ctx: Pick<PhaseContext, "env" | "day" | "clock" | "notes">,
  seller: { id: string; workspaceId: string; api: { kind: "spapi" | "mock"; getFulfillableUnits(asins: readonly string[], marketplace: AccountMarketplace): Promise<Map<string, number>> } },
  marketplace: AccountMarketplace,
): Promise<void> {
  const key = `${ctx.day}:inventory:${seller.id}:${marketplace}`;
  if ((await ctx.notes.get(key)) !== undefined) return;
  const db = ctx.env.DB;
  const asins: string[] = [];
  for (let after: TrackedKey | null = null; ; ) {
    const page = await userTrackedAsinsPage(db, seller.workspaceId, [marketplace], after, PAGE);
    asins.push(...page.map((tracked) => tracked.asin));
    if (page.length < PAGE) break;
    after = page.at(-1)!;
  }
  let units: Map<string, number>;
  try {
    units = await seller.api.getFulfillableUnits(asins, marketplace);
  } catch (error) {
    if (!(error instanceof SellerApiError)) throw error;
    console.error(`snapshot ${ctx.day}: inventory of seller ${seller.id} in ${marketplace} unread (${error.status}): ${error.message}`);
    await ctx.notes.put(key, -1);
    return;
  }
  const capturedAt = captureIso(ctx.day, ctx.clock.now());
  const rows = asins.map((asin) =>
    sellerDayRowUpsert(db, { userId: seller.workspaceId, connectionId: seller.id, asin, marketplace, source: seller.api.kind, fulfillableUnits: units.get(asin) ?? null, capturedAt }),
  );
  for (let i = 0; i < rows.length; i += WRITE_BATCH) {
    const batch = rows.slice(i, i + WRITE_BATCH);
    const [first, ...rest] = batch;
    if (first) await drizzle(db).batch([first, ...rest]);
  }
  await ctx.notes.put(key, 1);
}

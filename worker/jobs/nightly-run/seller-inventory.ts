import { drizzle } from "drizzle-orm/d1";
import type { AccountMarketplace } from "../../contract/account";
import { sellerDayRowUpsert } from "../../history/rank-points-store";
import { sellerBudget, tellLanded } from "../../upstreams/spapi/seller-budget";
import { AppCredentialsRefusedError, INVENTORY_PATH, SellerApiError, type InventoryPacing, type SellerApi } from "../../upstreams/spapi/seller-api";
import { captureIso, type PhaseContext, type SliceBudget } from "./slice";
import { markAppRefused } from "./seller-attention";
import { userTrackedAsinsPage, type TrackedKey } from "./tracked-store";

const PAGE = 100;
/** D1 statements per batch when writing a seller's units. */
const WRITE_BATCH = 50;
/** getInventorySummaries allows 2 requests a second, burst 2 (FBA Inventory usage plan), per seller. */
const INVENTORY_PLAN = { ratePerSecond: 2, burst: 2 };
/** The longest a page waits for the seller's quota; past it the read is left for the night (units unknown). */
const INVENTORY_MAX_WAIT_MS = 10_000;
/** The mock seller has no quota. */
const UNPACED: InventoryPacing = { beforePage: async () => {}, throttled: async () => {}, answered: async () => {} };

/**
 * How many inventory reads one invocation runs at once. A read is never cut (a nextToken lives
 * 30 s, so a read cannot be carried over to the next invocation) and its pages count against
 * SNAPSHOT_MAX_CALLS_PER_INVOCATION, so an invocation overshoots that bound by the pages of at
 * most this many reads, where before 32 sellers starting together each read every page of their
 * inventory at once, far past the Worker's 1,000 subrequests (about 3 a page). Four keep an
 * agency's 20 connections of 10 pages close to one connection's time (agency-night.sim.ts).
 */
export const INVENTORY_READS_AT_ONCE = 4;

/** The reads waiting for a turn and the turns taken, per invocation (its SliceBudget). */
const readTurns = new WeakMap<SliceBudget, { running: number; waiting: (() => void)[] }>();

async function inTurn<T>(budget: SliceBudget, read: () => Promise<T>): Promise<T> {
  let turns = readTurns.get(budget);
  if (!turns) readTurns.set(budget, (turns = { running: 0, waiting: [] }));
  const slots = turns;
  if (slots.running >= INVENTORY_READS_AT_ONCE) await new Promise<void>((resolve) => slots.waiting.push(resolve));
  else slots.running += 1;
  try {
    return await read();
  } finally {
    // The slot passes straight to the next read waiting, or is freed.
    const next = slots.waiting.shift();
    if (next) next();
    else slots.running -= 1;
  }
}

/**
 * FBA inventory once per seller connection and marketplace per night: every page, for all the
 * connection's tracked ASINs there, written before the Buy Box reads and apart from them (a failed
 * inventory read leaves today's units unknown and never costs the Buy Box). The run's notes
 * remember it was read, so later slices do not read it again. Each page is one of the
 * invocation's Amazon calls, and at most INVENTORY_READS_AT_ONCE reads run at once; false when
 * the invocation has no call or time left to start the read (the step comes back in the next one).
 */
export async function readInventoryOnce(
  ctx: Pick<PhaseContext, "services" | "env" | "day" | "clock" | "notes" | "budget">,
  seller: { id: string; workspaceId: string; sellingPartnerId: string; api: Pick<SellerApi, "kind" | "getFulfillableUnits"> },
  marketplace: AccountMarketplace,
): Promise<boolean> {
  const key = `${ctx.day}:inventory:${seller.id}:${marketplace}`;
  if ((await ctx.notes.get(key)) !== undefined) return true;
  // The mock seller calls nobody: its stock needs no turn.
  if (seller.api.kind !== "spapi") return readInventory(ctx, seller, marketplace, key, UNPACED).then(() => true);
  const { budget, clock } = ctx;
  return inTurn(budget, async () => {
    if (budget.calls >= budget.maxCalls || clock.now() > budget.deadline) return false;
    const pacing = inventoryPacing(ctx, seller.sellingPartnerId);
    const counted: InventoryPacing = {
      ...pacing,
      async beforePage() {
        await pacing.beforePage();
        budget.calls += 1;
      },
    };
    await readInventory(ctx, seller, marketplace, key, counted);
    return true;
  });
}

/** Every page of the connection's inventory in `marketplace`, as `pacing` allows; the units of its tracked ASINs written, or unknown. */
async function readInventory(
  ctx: Pick<PhaseContext, "services" | "env" | "day" | "clock" | "notes">,
  seller: { id: string; workspaceId: string; api: Pick<SellerApi, "kind" | "getFulfillableUnits"> },
  marketplace: AccountMarketplace,
  key: string,
  pacing: InventoryPacing,
): Promise<void> {
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
    units = await seller.api.getFulfillableUnits(asins, marketplace, pacing);
  } catch (error) {
    if (!(error instanceof SellerApiError)) throw error;
    if (error instanceof AppCredentialsRefusedError) await markAppRefused(ctx, error);
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

/**
 * Pages paced by the seller's getInventorySummaries bucket, which every connection of that seller
 * shares (two workspaces may connect one seller account): a page waits for its token on the
 * run's clock, the next is paced from its answer, and Amazon's 429 pauses the bucket for everyone.
 */
export function inventoryPacing(ctx: Pick<PhaseContext, "env" | "clock">, sellingPartnerId: string): InventoryPacing {
  const budget = sellerBudget(ctx.env, sellingPartnerId, "getInventorySummaries", INVENTORY_PLAN);
  return {
    async beforePage() {
      const grant = await budget.take("interactive", ctx.clock.now(), INVENTORY_MAX_WAIT_MS);
      if (!grant.ok) {
        throw new SellerApiError(429, "Amazon's inventory quota for this seller is busy.", Math.ceil((grant.retryAt - ctx.clock.now()) / 1000));
      }
      if (grant.waitMs > 0) await ctx.clock.sleep(grant.waitMs);
    },
    throttled: (retryAfterSeconds) => budget.penalize(ctx.clock.now(), retryAfterSeconds ?? 1),
    // Amazon counts a page from when it lands: the next one is paced from this answer, at the rate it stated.
    answered: (statedRate) => tellLanded(budget, ctx.clock.now(), statedRate, INVENTORY_PATH),
  };
}

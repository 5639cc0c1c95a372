/**
 * The agency workspace of `npm run bench` (issue 28 point 8): one Agency-plan workspace with 20
 * seller connections (clients) × 500 tracked ASINs = 10,000, in three marketplaces and two
 * currencies (12 clients in US, 4 in UK, 4 in DE). Per ASIN: watchlist, item details, its summary
 * built by the real builder from 90 days of synthetic day points; per connection: its seller's
 * latest stock and Buy Box on each of its ASINs and 30 days of revenue per ASIN (what the
 * portfolio's clients overview and the `connection` filters read). Written to the migrated local
 * store before `wrangler dev` starts, beside bench/dashboard-seed.ts's sellers.
 */
import { withLocalDatabases } from "../test/e2e/local-databases.ts";
import { DAY_MS, dayOf, fromJson, insertRows, seedCode, series, sessionCookieOf } from "./dashboard-seed.ts";

export const AGENCY_USER = "bench-agency";
const AGENCY_SESSION = "bench-session-agency";
export const AGENCY_CONNECTIONS = 20;
export const ASINS_PER_CONNECTION = 500;
/** Days of revenue rows per ASIN: the portfolio's 30-day range. */
const REVENUE_DAYS = 30;

/** Connection i's marketplace and region: 12 NA clients in US, 4 EU in UK, 4 EU in DE. */
function clientOf(i: number): { marketplace: "US" | "UK" | "DE"; currency: string; region: "na" | "eu" } {
  if (i < 12) return { marketplace: "US", currency: "USD", region: "na" };
  return i < 16 ? { marketplace: "UK", currency: "GBP", region: "eu" } : { marketplace: "DE", currency: "EUR", region: "eu" };
}

export const agencyConnectionId = (i: number) => `bench-agency-client-${String(i).padStart(2, "0")}`;
const asinOf = (connection: number, i: number) => `B0A${String(connection).padStart(2, "0")}${String(i).padStart(5, "0")}`;

export async function seedAgency(persistTo: string, nowMs = Date.now()): Promise<void> {
  const code = await seedCode();
  await withLocalDatabases(persistTo, async (env) => {
    const db = env.DB!;
    const nowIso = new Date(nowMs).toISOString();
    // The users trigger makes the personal workspace (id = the user's): the agency's workspace here.
    await db.prepare("INSERT INTO users (id, selling_partner_id, marketplace, brand_name, onboarded_at) VALUES (?1, 'BENCHAGENCY', 'US', 'Bench Agency', ?2)").bind(AGENCY_USER, nowIso).run();
    await db.prepare("INSERT INTO sessions (id, user_id, expires_at) VALUES (?1, ?2, ?3)").bind(AGENCY_SESSION, AGENCY_USER, new Date(nowMs + 30 * DAY_MS).toISOString()).run();
    // Agency: one subscription, quantity = the connected seller accounts; its watchlist limit is 10,000.
    await db
      .prepare("INSERT INTO billing_subscriptions (workspace_id, stripe_customer_id, stripe_subscription_id, status, paid_plan, quantity) VALUES (?1, 'cus_benchagency', 'sub_benchagency', 'active', 'agency', ?2)")
      .bind(AGENCY_USER, AGENCY_CONNECTIONS)
      .run();
    for (let c = 0; c < AGENCY_CONNECTIONS; c++) {
      const client = clientOf(c);
      const connection = agencyConnectionId(c);
      // 'disconnected' holds no token (the table's check), as the 10,000-ASIN seller's connection does; its rows stay readable.
      await db
        .prepare("INSERT INTO seller_connections (id, workspace_id, selling_partner_id, region, name, status) VALUES (?1, ?2, ?3, ?4, ?5, 'disconnected')")
        .bind(connection, AGENCY_USER, `BENCHCLIENT${c}`, client.region, `Client ${c + 1} ${client.marketplace}`)
        .run();
      const asins = Array.from({ length: ASINS_PER_CONNECTION }, (_, i) => asinOf(c, i));
      await insertRows(db, `INSERT INTO watchlist (workspace_id, asin, marketplace) ${fromJson(3)}`, asins.map((asin) => [AGENCY_USER, asin, client.marketplace]));
      await insertRows(
        db,
        `INSERT INTO asin_details (asin, marketplace, brand, title, image, category, source, captured_at) ${fromJson(8)}`,
        asins.map((asin, i) => [asin, client.marketplace, `Client ${c + 1} brand ${i % 8}`, `Agency item ${asin}`, null, `Category ${i % 12}`, "live", nowIso]),
      );
      await insertRows(
        db,
        `INSERT INTO seller_snapshots (connection_id, workspace_id, asin, marketplace, day, source, fulfillable_units, buy_box_seller_id, holds_buy_box, captured_at) ${fromJson(10)}`,
        asins.map((asin, i) => [connection, AGENCY_USER, asin, client.marketplace, dayOf(nowMs), "spapi", i % 50, i % 3 ? `BENCHCLIENT${c}` : "OTHER", i % 3 ? 1 : 0, nowIso]),
      );
      const revenue = [];
      for (let ago = 1; ago <= REVENUE_DAYS; ago++) {
        const day = dayOf(nowMs - ago * DAY_MS);
        for (const [i, asin] of asins.entries()) revenue.push([connection, AGENCY_USER, asin, client.marketplace, day, "spapi", "ok", 5 + ((i + ago) % 40), client.currency, 1 + (i % 4), nowIso]);
      }
      await insertRows(
        db,
        `INSERT INTO seller_revenue (connection_id, workspace_id, asin, marketplace, day, source, status, amount, currency, units, captured_at) ${fromJson(11)}`,
        revenue,
      );
      await code.writeAsinSummaries(
        db,
        asins.map((asin, i) => code.buildAsinSummary(client.marketplace, asin, series(c * ASINS_PER_CONNECTION + i, nowMs, code.SUMMARY_DAYS, client.currency), nowMs)),
      );
    }
  });
}

/** The Cookie header of the agency owner's session. */
export function agencySessionCookie(): Promise<string> {
  return sessionCookieOf(AGENCY_USER, AGENCY_SESSION);
}

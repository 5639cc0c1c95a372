/**
 * The dashboard phases' seed for `npm run bench`: two signed-in sellers tracking 1,000 (Pro) and
 * 10,000 (Enterprise) ASINs (watchlist, item details, each ASIN's summary over 90 days of synthetic day
 * points, the seller's own latest stock and Buy Box), and one ASIN with two years of day points
 * for the chart phase. Written to the migrated local store before `wrangler dev` starts.
 */
import { build } from "esbuild";
import { SignJWT } from "jose";
import { withLocalDatabases, type LocalD1 } from "../test/e2e/local-databases.ts";

/** The Worker code the seed runs in Node (typed here: the bench's tsconfig does not take Worker files). */
export interface SeedCode {
  SUMMARY_DAYS: number;
  buildAsinSummary(marketplace: string, asin: string, points: unknown[], nowMs: number): unknown;
  writeAsinSummaries(db: LocalD1, summaries: unknown[]): Promise<void>;
  writeRankPoints(history: unknown, points: unknown[]): Promise<void>;
}
/**
 * Bundled by esbuild at bench time (the Worker's imports carry no file extensions, which Node's
 * loader needs), so the seeded summaries and points are written by the builder and stores the
 * nightly run uses.
 */
const SEED_CODE = `export { buildAsinSummary, SUMMARY_DAYS } from "./worker/dashboard/asin-summary";
export { writeAsinSummaries } from "./worker/dashboard/summary-store";
export { writeRankPoints } from "./worker/history/rank-points-store";`;

export const SESSION_SECRET = "bench-session-secret-not-for-production-0123456789";
export const CHART_ASIN = "B0CHART001";
export const TRACKED_SIZES = [1_000, 10_000] as const;
export const DAY_MS = 86_400_000;
const ROWS_PER_STATEMENT = 500;

export async function seedCode(): Promise<SeedCode> {
  const bundle = await build({ stdin: { contents: SEED_CODE, resolveDir: process.cwd(), loader: "ts" }, bundle: true, format: "esm", platform: "node", write: false, logLevel: "error" });
  return import(`data:text/javascript;base64,${Buffer.from(bundle.outputFiles[0]!.text).toString("base64")}`) as Promise<SeedCode>;
}

const userId = (size: number) => `bench-user-${size}`;
const asinOf = (size: number, i: number) => `B0${size === 1_000 ? "K" : "M"}${String(i).padStart(7, "0")}`;
export const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** Runs an INSERT … SELECT FROM json_each(?1) over rows, 500 rows a statement. */
export async function insertRows(db: LocalD1, sql: string, rows: unknown[][]): Promise<void> {
  const statements = [];
  for (let i = 0; i < rows.length; i += ROWS_PER_STATEMENT) statements.push(db.prepare(sql).bind(JSON.stringify(rows.slice(i, i + ROWS_PER_STATEMENT))));
  if (statements.length) await db.batch(statements);
}
export const fromJson = (columns: number) => `SELECT ${Array.from({ length: columns }, (_, i) => `j.value ->> '$[${i}]'`).join(", ")} FROM json_each(?1) AS j`;

/** A deterministic 90-day series of one ASIN: a drifting rank with a missing day now and then. */
export function series(seed: number, nowMs: number, days: number, currency = "USD") {
  const points = [];
  let rank = 1_000 + (seed * 7919) % 200_000;
  for (let ago = days - 1; ago >= 0; ago--) {
    rank = Math.max(1, Math.round(rank * (1 + (((seed + ago) * 2654435761) % 1000) / 10_000 - 0.05)));
    if ((seed + ago) % 17 === 0) continue;
    const day = dayOf(nowMs - ago * DAY_MS);
    // One ASIN in 25 has no Buy Box winner: its price is the lowest offer's, labelled so on the dashboard.
    const lowest = seed % 25 === 0 ? { priceSource: "lowest_offer" as const } : {};
    points.push({ day, source: "live" as const, rank, price: 10 + (seed % 90), currency, capturedAt: `${day}T02:0${seed % 10}:00.000Z`, ...lowest });
  }
  return points;
}

export async function seedDashboards(persistTo: string, nowMs = Date.now()): Promise<void> {
  const code = await seedCode();
  await withLocalDatabases(persistTo, async (env) => {
    const db = env.DB!;
    const nowIso = new Date(nowMs).toISOString();
    for (const size of TRACKED_SIZES) {
      const user = userId(size);
      await db.prepare("INSERT INTO users (id, selling_partner_id, marketplace, onboarded_at) VALUES (?1, ?2, 'US', ?3)").bind(user, `BENCH${size}`, nowIso).run();
      await db
        .prepare("INSERT INTO sessions (id, user_id, expires_at) VALUES (?1, ?2, ?3)")
        .bind(`bench-session-${size}`, user, new Date(nowMs + 30 * DAY_MS).toISOString())
        .run();
      // Pro at 1,000 ASINs (an active subscription); an agency's 10,000 are Enterprise, assigned by hand.
      await (size === 1_000
        ? db.prepare("INSERT INTO billing_subscriptions (workspace_id, stripe_customer_id, stripe_subscription_id, status) VALUES (?1, ?2, ?3, 'active')").bind(user, `cus_bench${size}`, `sub_bench${size}`)
        : db.prepare("INSERT INTO enterprise_assignments (workspace_id, note) VALUES (?1, 'bench')").bind(user)
      ).run();
      const asins = Array.from({ length: size }, (_, i) => asinOf(size, i));
      await insertRows(db, `INSERT INTO watchlist (workspace_id, asin, marketplace) ${fromJson(3)}`, asins.map((asin) => [user, asin, "US"]));
      await insertRows(
        db,
        `INSERT INTO asin_details (asin, marketplace, brand, title, image, category, source, captured_at) ${fromJson(8)}`,
        asins.map((asin, i) => [asin, "US", `Brand ${i % 40}`, `Bench item ${asin}`, null, `Category ${i % 12}`, "live", nowIso]),
      );
      // Seller rows belong to a seller connection (migration 0120): the workspace's, under its id.
      await db
        .prepare("INSERT INTO seller_connections (id, workspace_id, selling_partner_id, region, name, status) VALUES (?1, ?1, ?2, 'na', 'Bench', 'disconnected')")
        .bind(user, `BENCH${size}`)
        .run();
      await insertRows(
        db,
        `INSERT INTO seller_snapshots (connection_id, workspace_id, asin, marketplace, day, source, fulfillable_units, buy_box_seller_id, holds_buy_box, captured_at) ${fromJson(10)}`,
        asins.map((asin, i) => [user, user, asin, "US", dayOf(nowMs), "spapi", i % 50, i % 3 ? "BENCHSELLER" : "OTHER", i % 3 ? 1 : 0, nowIso]),
      );
      const summaries = asins.map((asin, i) => code.buildAsinSummary("US", asin, series(i + size, nowMs, code.SUMMARY_DAYS), nowMs));
      await code.writeAsinSummaries(db, summaries);
    }
    const twoYears = series(42, nowMs, 730).map((point) => ({ ...point, asin: CHART_ASIN, marketplace: "US", hour: null, categoryRanks: [], offers: 3 }));
    // The history shards as services.ts lays them out (wrangler.toml: HISTORY_SHARDS = 4).
    const shards = { env, layout: { shards: 4, from: null }, hotDays: 120 };
    for (let i = 0; i < twoYears.length; i += 100) await code.writeRankPoints(shards, twoYears.slice(i, i + 100));
  });
}

/** The Cookie header of a seeded seller's session (tracking `size` ASINs). */
export async function seededSessionCookie(size: (typeof TRACKED_SIZES)[number]): Promise<string> {
  return sessionCookieOf(userId(size), `bench-session-${size}`);
}

/** The Cookie header of a seeded session row (`sessionId` of `user`), signed with SESSION_SECRET. */
export async function sessionCookieOf(user: string, sessionId: string): Promise<string> {
  const issuedAt = Math.floor(Date.now() / 1000);
  const token = await new SignJWT({ sid: sessionId })
    .setProtectedHeader({ alg: "HS256" })
    .setSubject(user)
    .setAudience("ranklayer:session")
    .setIssuedAt(issuedAt)
    .setExpirationTime(issuedAt + 86_400)
    .sign(new TextEncoder().encode(SESSION_SECRET));
  return `__Host-session=${token}`;
}

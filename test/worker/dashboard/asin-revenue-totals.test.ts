import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { saveCredentials } from "../../../worker/accounts/credentials-store";
import { upsertSellerUser } from "../../../worker/accounts/user-store";
import { connectionAssetsAndRevenue } from "../../../worker/dashboard/client-portfolio-store";
import { asinRevenue, asinRevenueFromTotals } from "../../../worker/dashboard/portfolio";
import { revenueMissingInsert, revenueUpsert, type RevenueInput } from "../../../worker/history/revenue-store";
import { newSellingPartnerId } from "../support/seller-browser";
import { insertConnection } from "../support/seller-connections";

/**
 * The portfolio's revenue per ASIN, added up from the one pass over the revenue rows, gives what
 * summing every row of the ASIN in the Worker gives (asinRevenue over the rows themselves).
 */
const DAYS = ["2026-11-20", "2026-11-21", "2026-11-22", "2026-11-23", "2026-11-24"];
/** DE's window is a day later than US's: each marketplace counts its own days. */
const DE_DAYS = ["2026-11-21", "2026-11-22", "2026-11-23", "2026-11-24", "2026-11-25"];
const WINDOWS = { US: { fromDay: DAYS[0]!, toDay: DAYS.at(-1)! }, DE: { fromDay: DE_DAYS[0]!, toDay: DE_DAYS.at(-1)! } };

/** Every revenue row of the workspace's ASIN in a marketplace's window: the reference. */
async function rowsOf(db: D1Database, workspaceId: string, marketplace: string, asin: string, days: readonly string[], connectionId: string | null) {
  const { results } = await db
    .prepare("SELECT * FROM seller_revenue WHERE workspace_id = ?1 AND marketplace = ?2 AND asin = ?3 AND day BETWEEN ?4 AND ?5 AND (?6 IS NULL OR connection_id = ?6) ORDER BY day")
    .bind(workspaceId, marketplace, asin, days[0], days.at(-1), connectionId)
    .all<{ day: string; status: string; amount: number | null; currency: string | null; source: string; captured_at: string }>();
  return results.map((row) => ({ ...row, capturedAt: row.captured_at }));
}

describe("connectionAssetsAndRevenue: each ASIN's revenue totals", () => {
  it("answer the same revenue, missing days, reason and source as the ASIN's rows, over every connection and over one", async () => {
    const user = await upsertSellerUser(env.DB, newSellingPartnerId());
    const ws = user.id;
    await saveCredentials(env.DB, ws, { refreshTokenCiphertext: "sealed", keyId: "k1", region: "na", grantedAt: "2026-11-25T02:00:00.000Z" });
    const other = `${ws}-second`;
    await insertConnection({ id: other, workspaceId: ws, sellingPartnerId: "SECOND", region: "na", name: "Second", status: "demo" });
    const base = { userId: ws, connectionId: ws, marketplace: "US", source: "spapi" as const, units: 1 };
    const ok = (asin: string, day: string, amount: number, capturedAt = `${day}T02:30:00.000Z`): RevenueInput => ({ ...base, asin, day, status: "ok", amount, currency: "USD", capturedAt });
    const statements = [
      // Two ok days, one Amazon left out, one not asked yet: 2 missing days of 5.
      revenueUpsert(env.DB, ok("B0TOTAL001", DAYS[0]!, 10.1)),
      revenueUpsert(env.DB, ok("B0TOTAL001", DAYS[1]!, 20.25, "2026-11-25T03:00:00.000Z")),
      revenueMissingInsert(env.DB, { ...base, asin: "B0TOTAL001", day: DAYS[2]!, capturedAt: "2026-11-25T02:31:00.000Z" }),
      revenueUpsert(env.DB, ok("B0TOTAL001", DAYS[3]!, 0.05)),
      // The second connection sells it too: its days fill the gap, its sales add up, its newer capture is the "as of".
      revenueUpsert(env.DB, { ...ok("B0TOTAL001", DAYS[2]!, 3, "2026-11-25T05:00:00.000Z"), connectionId: other }),
      revenueUpsert(env.DB, { ...ok("B0TOTAL001", DAYS[0]!, 1), connectionId: other }),
      // Not granted: no figure, and the reason says so.
      revenueUpsert(env.DB, { ...base, asin: "B0TOTAL002", day: DAYS[0]!, status: "not_granted", amount: null, currency: null, capturedAt: "2026-11-25T02:30:00.000Z" }),
      // Only missing days: not fetched.
      revenueMissingInsert(env.DB, { ...base, asin: "B0TOTAL003", day: DAYS[4]!, capturedAt: "2026-11-25T02:30:00.000Z" }),
      // A mock row beside a live one: the mock's label, the newest time.
      revenueUpsert(env.DB, ok("B0TOTAL004", DAYS[0]!, 5)),
      revenueUpsert(env.DB, { ...ok("B0TOTAL004", DAYS[1]!, 7, "2026-11-25T04:00:00.000Z"), source: "mock" }),
      // An ok status with no currency is no figure.
      revenueUpsert(env.DB, { ...ok("B0TOTAL005", DAYS[1]!, 9), currency: null }),
      // Outside the window: left out by both.
      revenueUpsert(env.DB, ok("B0TOTAL001", "2026-11-19", 1000)),
      revenueUpsert(env.DB, ok("B0TOTAL006", "2026-11-25", 1000)),
      // DE in its own window: 11-25 counts there, 11-20 does not.
      revenueUpsert(env.DB, { ...ok("B0TOTAL007", "2026-11-25", 8), marketplace: "DE", currency: "EUR" }),
      revenueUpsert(env.DB, { ...ok("B0TOTAL007", "2026-11-20", 1000), marketplace: "DE", currency: "EUR" }),
      // Every day of the window answered (the group lists no days), and a second connection's one day beside it.
      ...DAYS.map((day, i) => revenueUpsert(env.DB, ok("B0TOTAL008", day, i + 1))),
      revenueUpsert(env.DB, { ...ok("B0TOTAL008", DAYS[2]!, 10), connectionId: other }),
      // Every day of DE's own window, and one before it.
      ...DE_DAYS.map((day) => revenueUpsert(env.DB, { ...ok("B0TOTAL009", day, 2), marketplace: "DE", currency: "EUR" })),
      revenueUpsert(env.DB, { ...ok("B0TOTAL009", "2026-11-20", 1000), marketplace: "DE", currency: "EUR" }),
    ];
    for (const statement of statements) await statement.run();

    for (const connection of [null, ws, other]) {
      const { asinTotals } = await connectionAssetsAndRevenue(env.DB, { workspaceId: ws, fromDay: DAYS[0]!, toDay: DAYS.at(-1)!, connectionId: connection, revenueWindows: WINDOWS });
      for (const [marketplace, days] of [["US", DAYS], ["DE", DE_DAYS]] as const) {
        for (const asin of ["B0TOTAL001", "B0TOTAL002", "B0TOTAL003", "B0TOTAL004", "B0TOTAL005", "B0TOTAL006", "B0TOTAL007", "B0TOTAL008", "B0TOTAL009"]) {
          const rows = await rowsOf(env.DB, ws, marketplace, asin, days, connection);
          const totals = asinTotals.find((row) => row.marketplace === marketplace && row.asin === asin);
          // An ASIN without a row in the window has no totals (the portfolio shows it as not fetched).
          expect(totals === undefined, `${connection} ${marketplace} ${asin} has totals`).toBe(rows.length === 0);
          if (totals) expect(asinRevenueFromTotals(totals, days), `${connection} ${marketplace} ${asin}`).toEqual(asinRevenue(rows, days));
        }
      }
    }

    const { asinTotals } = await connectionAssetsAndRevenue(env.DB, { workspaceId: ws, fromDay: DAYS[0]!, toDay: DAYS.at(-1)!, connectionId: null, revenueWindows: WINDOWS });
    const of = (marketplace: string, asin: string, days = DAYS) => asinRevenueFromTotals(asinTotals.find((row) => row.marketplace === marketplace && row.asin === asin)!, days);
    expect(of("US", "B0TOTAL001")).toMatchObject({ total: { amount: 34.4, currency: "USD" }, missingDays: [DAYS[4]], source: { kind: "spapi", asOf: "2026-11-25T05:00:00.000Z" } });
    expect(of("US", "B0TOTAL002")).toMatchObject({ total: null, missingReason: expect.stringContaining("not granted") });
    expect(of("US", "B0TOTAL004").source).toMatchObject({ kind: "mock", asOf: "2026-11-25T04:00:00.000Z" });
    expect(of("US", "B0TOTAL005").total).toBeNull();
    expect(of("DE", "B0TOTAL007", DE_DAYS)).toMatchObject({ total: { amount: 8, currency: "EUR" } });
    expect(of("US", "B0TOTAL008")).toMatchObject({ total: { amount: 25, currency: "USD" }, missingDays: [] });
    expect(of("DE", "B0TOTAL009", DE_DAYS)).toMatchObject({ total: { amount: 10, currency: "EUR" }, missingDays: [] });
    expect(asinTotals.map((row) => row.asin)).not.toContain("B0TOTAL006");
    // One connection's only: the second connection's sales of B0TOTAL001 alone.
    const second = await connectionAssetsAndRevenue(env.DB, { workspaceId: ws, fromDay: DAYS[0]!, toDay: DAYS.at(-1)!, connectionId: other, revenueWindows: WINDOWS });
    expect(second.asinTotals.map((row) => [row.asin, row.okAmount])).toEqual([["B0TOTAL001", 4], ["B0TOTAL008", 10]]);
  });
});

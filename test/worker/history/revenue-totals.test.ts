import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { saveCredentials } from "../../../worker/accounts/credentials-store";
import { upsertSellerUser } from "../../../worker/accounts/user-store";
import { asinRevenue, asinRevenueFromTotals } from "../../../worker/dashboard/portfolio";
import { revenueMissingInsert, revenueOf, revenueTotalsOf, revenueUpsert, type RevenueInput } from "../../../worker/history/revenue-store";
import { newSellingPartnerId } from "../support/seller-browser";

/** The portfolio's revenue per ASIN summed in SQL gives what summing every row in the Worker gave. */
const DAYS = ["2026-11-20", "2026-11-21", "2026-11-22", "2026-11-23", "2026-11-24"];

describe("revenueTotalsOf + asinRevenueFromTotals (one row per ASIN)", () => {
  it("answer the same revenue, missing days, reason and source as revenueOf + asinRevenue", async () => {
    const user = await upsertSellerUser(env.DB, newSellingPartnerId());
    await saveCredentials(env.DB, user.id, { refreshTokenCiphertext: "sealed", keyId: "k1", region: "na", grantedAt: "2026-11-25T02:00:00.000Z" });
    const base = { userId: user.id, connectionId: user.id, marketplace: "US", source: "spapi" as const, units: 1 };
    const ok = (asin: string, day: string, amount: number, capturedAt = `${day}T02:30:00.000Z`): RevenueInput => ({ ...base, asin, day, status: "ok", amount, currency: "USD", capturedAt });
    const statements = [
      // Two ok days, one Amazon left out, one not asked yet: 2 missing days of 5.
      revenueUpsert(env.DB, ok("B0TOTAL001", DAYS[0]!, 10.1)),
      revenueUpsert(env.DB, ok("B0TOTAL001", DAYS[1]!, 20.25, "2026-11-25T03:00:00.000Z")),
      revenueMissingInsert(env.DB, { ...base, asin: "B0TOTAL001", day: DAYS[2]!, capturedAt: "2026-11-25T02:31:00.000Z" }),
      revenueUpsert(env.DB, ok("B0TOTAL001", DAYS[3]!, 0.05)),
      // Not granted: no figure, and the reason says so.
      revenueUpsert(env.DB, { ...base, asin: "B0TOTAL002", day: DAYS[0]!, status: "not_granted", amount: null, currency: null, capturedAt: "2026-11-25T02:30:00.000Z" }),
      // Only missing days: not fetched.
      revenueMissingInsert(env.DB, { ...base, asin: "B0TOTAL003", day: DAYS[4]!, capturedAt: "2026-11-25T02:30:00.000Z" }),
      // A mock row beside a live one: the mock's label, the newest time.
      revenueUpsert(env.DB, ok("B0TOTAL004", DAYS[0]!, 5)),
      revenueUpsert(env.DB, { ...ok("B0TOTAL004", DAYS[1]!, 7, "2026-11-25T04:00:00.000Z"), source: "mock" }),
      // Outside the window: left out by both.
      revenueUpsert(env.DB, ok("B0TOTAL001", "2026-11-19", 1000)),
    ];
    for (const statement of statements) await statement.run();

    const rows = await revenueOf(env.DB, user.id, "US", DAYS[0]!, DAYS.at(-1)!);
    const totals = await revenueTotalsOf(env.DB, user.id, "US", DAYS[0]!, DAYS.at(-1)!);
    expect(totals.map((row) => row.asin).sort()).toEqual(["B0TOTAL001", "B0TOTAL002", "B0TOTAL003", "B0TOTAL004"]);
    for (const summed of totals) {
      const expected = asinRevenue(rows.filter((row) => row.asin === summed.asin), DAYS);
      expect(asinRevenueFromTotals(summed, DAYS), summed.asin).toEqual(expected);
    }
    const first = asinRevenueFromTotals(totals.find((row) => row.asin === "B0TOTAL001")!, DAYS);
    expect(first).toMatchObject({ total: { amount: 30.4, currency: "USD" }, missingDays: [DAYS[2], DAYS[4]], source: { kind: "spapi", asOf: "2026-11-25T03:00:00.000Z" } });
    expect(asinRevenueFromTotals(totals.find((row) => row.asin === "B0TOTAL004")!, DAYS).source).toMatchObject({ kind: "mock", asOf: "2026-11-25T04:00:00.000Z" });
    // One connection's only: another connection's id answers nothing.
    expect(await revenueTotalsOf(env.DB, user.id, "US", DAYS[0]!, DAYS.at(-1)!, "another-connection")).toEqual([]);
  });
});

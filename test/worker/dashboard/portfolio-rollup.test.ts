import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { upsertSellerUser } from "../../../worker/accounts/user-store";
import { addDays } from "../../../worker/contract/time";
import { deleteConnection } from "../../../worker/connections/connection-store";
import { portfolioPass, revenueSumSql, type PassScope } from "../../../worker/dashboard/portfolio-pass-store";
import { sellerDayRowUpsert } from "../../../worker/history/rank-points-store";
import { revenueUpsert, type RevenueInput } from "../../../worker/history/revenue-store";
import { newSellingPartnerId } from "../support/seller-browser";
import { insertConnection } from "../support/seller-connections";

/**
 * The portfolio's pass over the seller rows is kept as a roll-up per workspace and range
 * (migration 0130): read back as the seller rows would answer, and dropped by any write to them.
 */
const FROM = "2026-11-20";
const TO = "2026-11-26";
const WINDOWS = { US: { fromDay: "2026-11-19", toDay: "2026-11-25" }, DE: { fromDay: "2026-11-20", toDay: "2026-11-26" } };

async function workspaceWithTwoClients() {
  const ws = (await upsertSellerUser(env.DB, newSellingPartnerId())).id;
  const us = `${ws}-us`;
  const de = `${ws}-de`;
  await insertConnection({ id: us, workspaceId: ws, sellingPartnerId: `${ws}-US`, region: "na", name: "US client", status: "demo" });
  await insertConnection({ id: de, workspaceId: ws, sellingPartnerId: `${ws}-DE`, region: "eu", name: "DE client", status: "demo" });
  const revenue = (connectionId: string, asin: string, marketplace: string, day: string, amount: number | null, status: RevenueInput["status"] = "ok"): RevenueInput => ({
    userId: ws,
    connectionId,
    asin,
    marketplace,
    day,
    source: connectionId === de ? "mock" : "spapi",
    status,
    amount,
    currency: amount === null ? null : marketplace === "DE" ? "EUR" : "USD",
    units: 1,
    capturedAt: `${day}T02:30:00.000Z`,
  });
  const snapshot = (connectionId: string, asin: string, marketplace: string, day: string) =>
    sellerDayRowUpsert(env.DB, { userId: ws, connectionId, asin, marketplace, source: "spapi", fulfillableUnits: 4, capturedAt: `${day}T02:10:00.000Z` });
  const statements = [
    revenueUpsert(env.DB, revenue(us, "B0ROLL0001", "US", "2026-11-19", 10.5)),
    revenueUpsert(env.DB, revenue(us, "B0ROLL0001", "US", "2026-11-25", 2.25)),
    revenueUpsert(env.DB, revenue(us, "B0ROLL0001", "US", "2026-11-26", 99)), // after US's window
    revenueUpsert(env.DB, revenue(us, "B0ROLL0002", "US", "2026-11-21", null, "not_granted")),
    revenueUpsert(env.DB, revenue(de, "B0ROLL0003", "DE", "2026-11-26", 7)),
    revenueUpsert(env.DB, revenue(de, "B0ROLL0003", "DE", "2026-11-19", 5)), // before DE's window
    snapshot(us, "B0ROLL0004", "US", "2026-11-24"),
    snapshot(de, "B0ROLL0003", "DE", "2026-11-26"),
    snapshot(de, "B0ROLL0005", "DE", "2026-11-18"), // before the UTC window
  ];
  for (const statement of statements) await statement.run();
  return { ws, us, de, revenue, snapshot };
}

/** The pass straight from the seller rows: the reference a roll-up must answer. */
async function fromSellerRows(scope: PassScope) {
  const windows = Object.entries(scope.revenueWindows).sort(([a], [b]) => a.localeCompare(b));
  const days = [scope.fromDay, scope.toDay, ...windows.flatMap(([, window]) => [window.fromDay, window.toDay])].sort();
  const [snapshots, groups] = await env.DB.batch([
    env.DB.prepare("SELECT DISTINCT connection_id, marketplace, asin FROM seller_snapshots WHERE workspace_id = ?1 AND day BETWEEN ?2 AND ?3 AND (?4 IS NULL OR connection_id = ?4)").bind(
      scope.workspaceId,
      scope.fromDay,
      scope.toDay,
      scope.connectionId,
    ),
    env.DB.prepare(revenueSumSql(windows.length)).bind(
      scope.workspaceId,
      scope.fromDay,
      scope.toDay,
      scope.connectionId,
      ...windows.flatMap(([marketplace, window]) => [marketplace, window.fromDay, window.toDay]),
      days[0],
      days.at(-1),
    ),
  ]);
  return sorted({ snapshots: snapshots!.results, groups: groups!.results });
}

const sorted = ({ snapshots, groups }: { snapshots: unknown[]; groups: unknown[] }) => ({
  snapshots: snapshots.map((row) => JSON.stringify(row)).sort(),
  groups: groups.map((row) => JSON.stringify(row)).sort(),
});

const rollups = async (workspaceId: string) =>
  (await env.DB.prepare("SELECT range_days, window_key FROM portfolio_rollups WHERE workspace_id = ?1").bind(workspaceId).all<{ range_days: number; window_key: string }>()).results;

describe("the portfolio's roll-up of the seller rows", () => {
  it("is kept by the view of every client and answers every later view as the seller rows do, for all clients and one", async () => {
    const { ws, us, de } = await workspaceWithTwoClients();
    const all: PassScope = { workspaceId: ws, fromDay: FROM, toDay: TO, connectionId: null, revenueWindows: WINDOWS };
    const computed = await portfolioPass(env.DB, all);
    expect(sorted(computed)).toEqual(await fromSellerRows(all));
    expect(computed.groups.map((group) => group.amount).sort()).toEqual([12.75, 7, null]);
    expect(await rollups(ws)).toHaveLength(1);

    // The kept rows, not the seller rows, answer the next views: a figure changed in them shows.
    await env.DB.prepare("UPDATE portfolio_rollup_rows SET amount = 1000 WHERE connection_id = ?1 AND amount IS NOT NULL").bind(us).run();
    expect((await portfolioPass(env.DB, all)).groups.filter((group) => group.connection_id === us).map((group) => group.amount)).toEqual([1000, null]);
    const drilled = await portfolioPass(env.DB, { ...all, connectionId: de });
    expect(drilled.groups.map((group) => [group.connection_id, group.amount, group.any_mock])).toEqual([[de, 7, 1]]);
    expect(drilled.snapshots).toEqual([{ connection_id: de, marketplace: "DE", asin: "B0ROLL0003" }]);
    expect((await portfolioPass(env.DB, { ...all, connectionId: us })).groups.map((group) => group.amount)).toEqual([1000, null]);
  });

  it("is dropped by every write to the workspace's seller rows, and the next view counts the write", async () => {
    const { ws, us, de, revenue, snapshot } = await workspaceWithTwoClients();
    const all: PassScope = { workspaceId: ws, fromDay: FROM, toDay: TO, connectionId: null, revenueWindows: WINDOWS };
    const writes: [string, () => Promise<unknown>][] = [
      ["a new revenue day", () => revenueUpsert(env.DB, revenue(us, "B0ROLL0001", "US", "2026-11-22", 1)).run()],
      ["a revenue day answered again", () => revenueUpsert(env.DB, revenue(us, "B0ROLL0001", "US", "2026-11-22", 3)).run()],
      ["a new snapshot", () => snapshot(us, "B0ROLL0006", "US", "2026-11-25").run()],
      ["a snapshot taken again", () => snapshot(us, "B0ROLL0006", "US", "2026-11-25").run()],
      ["a removed seller connection", () => deleteConnection(env.DB, ws, de)],
    ];
    for (const [write, run] of writes) {
      await portfolioPass(env.DB, all);
      expect(await rollups(ws), `kept before ${write}`).toHaveLength(1);
      await run();
      expect(await rollups(ws), `dropped by ${write}`).toEqual([]);
      expect(sorted(await portfolioPass(env.DB, all)), `after ${write}`).toEqual(await fromSellerRows(all));
    }
    const last = await portfolioPass(env.DB, all);
    expect(last.groups.find((group) => group.asin === "B0ROLL0001")!.amount).toBe(15.75);
    expect(last.groups.some((group) => group.connection_id === de)).toBe(false);
  });

  it("lists no days for a group with an ok figure on every day of its window, only how many", async () => {
    const { ws, us, revenue } = await workspaceWithTwoClients();
    for (let day = WINDOWS.US.fromDay; day <= WINDOWS.US.toDay; day = addDays(day, 1)) await revenueUpsert(env.DB, revenue(us, "B0ROLL0007", "US", day, 1)).run();
    const all: PassScope = { workspaceId: ws, fromDay: FROM, toDay: TO, connectionId: null, revenueWindows: WINDOWS };
    const groups = (await portfolioPass(env.DB, all)).groups;
    expect(groups.find((group) => group.asin === "B0ROLL0007")).toMatchObject({ ok_days: null, ok_count: 7, amount: 7 });
    expect(groups.find((group) => group.asin === "B0ROLL0001")).toMatchObject({ ok_days: "2026-11-19,2026-11-25", ok_count: 2 });
    const kept = await env.DB.prepare("SELECT ok_days, ok_count FROM portfolio_rollup_rows WHERE asin = 'B0ROLL0007' AND connection_id = ?1").bind(us).first();
    expect(kept).toEqual({ ok_days: null, ok_count: 7 });
  });

  it("is kept once when two views compute it at the same time", async () => {
    const { ws } = await workspaceWithTwoClients();
    const all: PassScope = { workspaceId: ws, fromDay: FROM, toDay: TO, connectionId: null, revenueWindows: WINDOWS };
    const [first, second] = await Promise.all([portfolioPass(env.DB, all), portfolioPass(env.DB, all)]);
    const expected = await fromSellerRows(all);
    expect(sorted(first)).toEqual(expected);
    expect(sorted(second)).toEqual(expected);
    expect(await rollups(ws)).toHaveLength(1);
    const kept = await env.DB.prepare("SELECT count(*) AS n FROM portfolio_rollup_rows WHERE rollup_id IN (SELECT id FROM portfolio_rollups WHERE workspace_id = ?1)").bind(ws).first<{ n: number }>();
    expect(kept!.n).toBe(expected.snapshots.length + expected.groups.length);
  });

  it("is another workspace's untouched by this one's writes", async () => {
    const first = await workspaceWithTwoClients();
    const second = await workspaceWithTwoClients();
    for (const { ws } of [first, second]) await portfolioPass(env.DB, { workspaceId: ws, fromDay: FROM, toDay: TO, connectionId: null, revenueWindows: WINDOWS });
    await revenueUpsert(env.DB, first.revenue(first.us, "B0ROLL0001", "US", "2026-11-23", 4)).run();
    expect(await rollups(first.ws)).toEqual([]);
    expect(await rollups(second.ws)).toHaveLength(1);
  });

  it("is computed again for other windows (the next day), one per range; a drill-down without one keeps nothing", async () => {
    const { ws, us } = await workspaceWithTwoClients();
    const today: PassScope = { workspaceId: ws, fromDay: FROM, toDay: TO, connectionId: null, revenueWindows: WINDOWS };
    const drilled = await portfolioPass(env.DB, { ...today, connectionId: us });
    expect(sorted(drilled)).toEqual(await fromSellerRows({ ...today, connectionId: us }));
    expect(await rollups(ws)).toEqual([]);

    await portfolioPass(env.DB, today);
    const tomorrow: PassScope = { ...today, fromDay: "2026-11-21", toDay: "2026-11-27", revenueWindows: { US: { fromDay: "2026-11-20", toDay: "2026-11-26" }, DE: WINDOWS.DE } };
    const next = await portfolioPass(env.DB, tomorrow);
    // US's window now holds 2026-11-26 (99) and no longer 2026-11-19 (10.5).
    expect(next.groups.find((group) => group.asin === "B0ROLL0001")!.amount).toBe(101.25);
    const week = await rollups(ws);
    expect(week).toHaveLength(1);
    expect(JSON.parse(week[0]!.window_key)[0]).toBe("2026-11-21");

    await portfolioPass(env.DB, { ...today, fromDay: "2026-10-28", revenueWindows: {} });
    expect((await rollups(ws)).map((row) => row.range_days).sort()).toEqual([30, 7]);
  });
});

import { env } from "cloudflare:test";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { FREE_PLAN, PRO_PLAN } from "../../../worker/contract/plans";
import { effectiveFrequency, extraRefreshCalls, isExtraRefreshHour, nextHourAt, type RefreshFrequency } from "../../../worker/dashboard/refresh-schedule";
import { storeDemoSubscription } from "../../../worker/billing/subscription-store";
import { runExtraRefresh } from "../../../worker/jobs/nightly-run/extra-refresh";
import { trackedAsinsPage } from "../../../worker/jobs/nightly-run/tracked-store";
import { MockProductSource } from "../../../worker/upstreams/creators/mock";
import { freeBrowser, proBrowser } from "../history/accounts";
import { historyPoints } from "../support/history-shards";
import { asinRange, insertUser, insertWatchlist, recordingSource, resetHistoryTables, virtualClock } from "../jobs/nightly-run/support";
import { buildServices } from "../../../worker/services";

describe("Data Refresh schedule (pure)", () => {
  it.each<[RefreshFrequency, number[]]>([
    ["hourly", [0, 1, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23]],
    ["six_hours", [8, 14, 20]],
    ["daily", []],
    ["manual", []],
  ])("%s refreshes in the extra hours %o (02:00 is the nightly run)", (frequency, hours) => {
    expect([...Array(24).keys()].filter((hour) => isExtraRefreshHour(frequency, hour))).toEqual(hours);
  });

  it("hourly and 6-hourly are Pro: Free falls back to daily", () => {
    expect(effectiveFrequency("hourly", FREE_PLAN)).toBe("daily");
    expect(effectiveFrequency("six_hours", FREE_PLAN)).toBe("daily");
    expect(effectiveFrequency("hourly", PRO_PLAN)).toBe("hourly");
    expect(effectiveFrequency("manual", FREE_PLAN)).toBe("manual");
  });

  it("an extra refresh never takes more calls than one slice of the nightly run", () => {
    expect(extraRefreshCalls(95, 100)).toBe(10);
    expect(extraRefreshCalls(5_000, 100)).toBe(100);
    expect(extraRefreshCalls(0, 100)).toBe(0);
    expect(nextHourAt(Date.UTC(2026, 10, 24, 13, 59, 59))).toBe(Date.UTC(2026, 10, 24, 14));
  });
});

describe("extra refreshes against D1", () => {
  beforeEach(async () => {
    await resetHistoryTables();
    await env.DB.prepare("DELETE FROM asin_details").run();
    vi.spyOn(console, "log").mockImplementation(() => {});
  });

  /** A user on `frequency`; `pro` users are demo accounts upgraded to demo Pro, the others plain Free accounts. */
  async function withFrequency(frequency: RefreshFrequency, pro: boolean, asins: string[]) {
    const user = await insertUser({ isDemo: pro });
    if (pro) await storeDemoSubscription(env.DB, user, true);
    await insertWatchlist(user, asins.map((asin) => ({ marketplace: "US", asin })));
    await env.DB.prepare("INSERT INTO user_settings (workspace_id, sync_frequency) VALUES (?, ?)").bind(user, frequency).run();
    return user;
  }

  /** The intraday points in the history shards, as ASIN and UTC hour (YYYY-MM-DDTHH). */
  const intraday = async () =>
    (await historyPoints({ intraday: true }))
      .filter((point) => point.hour !== null)
      .map((point) => ({ asin: point.asin, hour: `${point.day}T${String(point.hour).padStart(2, "0")}` }));

  it("captures the due Pro users' ASINs as intraday points, keeps one daily row, and skips Free and daily users", async () => {
    await withFrequency("hourly", true, ["BHOURLY001", "BHOURLY002"]);
    await withFrequency("hourly", false, ["BFREEHR001"]);
    await withFrequency("six_hours", true, ["BSIXHRS001"]);
    await withFrequency("daily", true, ["BDAILYY001"]);

    const at14 = virtualClock(Date.UTC(2026, 10, 24, 14, 0, 5));
    expect(await runExtraRefresh(buildServices(env), { clock: at14, source: new MockProductSource() })).toMatchObject({ users: 2, captured: 3 });
    const at15 = virtualClock(Date.UTC(2026, 10, 24, 15, 0, 5));
    expect(await runExtraRefresh(buildServices(env), { clock: at15, source: new MockProductSource() })).toMatchObject({ users: 1, captured: 2 });
    expect(await intraday()).toEqual([
      { asin: "BHOURLY001", hour: "2026-11-24T14" },
      { asin: "BHOURLY001", hour: "2026-11-24T15" },
      { asin: "BHOURLY002", hour: "2026-11-24T14" },
      { asin: "BHOURLY002", hour: "2026-11-24T15" },
      { asin: "BSIXHRS001", hour: "2026-11-24T14" },
    ]);
    // The daily rules still read one point per day.
    const counts = new Map<string, number>();
    for (const point of await historyPoints()) counts.set(point.asin, (counts.get(point.asin) ?? 0) + 1);
    expect([...counts].map(([asin, n]) => ({ asin, n }))).toEqual([
      { asin: "BHOURLY001", n: 1 },
      { asin: "BHOURLY002", n: 1 },
      { asin: "BSIXHRS001", n: 1 },
    ]);
  });

  it("stays within the nightly budget: one slice's calls at the nightly request rate", async () => {
    await withFrequency("hourly", true, asinRange("BBUDGET", 45));
    const clock = virtualClock(Date.UTC(2026, 10, 24, 14, 0, 5));
    const source = recordingSource(new MockProductSource(), clock);
    const bindings = { ...env, SNAPSHOT_REQUESTS_PER_SECOND: "1", SNAPSHOT_MAX_CALLS_PER_INVOCATION: "3" };
    expect(await runExtraRefresh(buildServices(bindings), { clock, source })).toMatchObject({ calls: 3, captured: 30 });
    const starts = source.calls.map((call) => call.at);
    expect(starts.slice(1).map((at, i) => at - starts[i]!)).toEqual([1000, 1000]);
  });

  it("manual only: no scheduled snapshot of that user's ASINs", async () => {
    await withFrequency("manual", true, ["BMANUAL001"]);
    await withFrequency("daily", false, ["BDAILYY002"]);
    expect((await trackedAsinsPage(env.DB, null, 10)).map((key) => key.asin)).toEqual(["BDAILYY002"]);
  });
});

describe("PUT /api/settings Data Refresh", () => {
  it("keeps hourly and 6-hourly for Pro: a Free user gets a 403 with the reason", async () => {
    for (const [browser, status] of [
      [await freeBrowser(), 403],
      [await proBrowser(), 200],
    ] as const) {
      const settings = await (await browser.request("/api/settings")).json<Record<string, unknown> & { dataRefresh: object; notifications: object }>();
      const res = await browser.json("/api/settings", "PUT", { notifications: settings.notifications, dataRefresh: { ...settings.dataRefresh, frequency: "hourly" } });
      expect(res.status, await res.clone().text()).toBe(status);
    }
  });
});

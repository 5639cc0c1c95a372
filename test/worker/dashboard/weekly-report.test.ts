import { createExecutionContext, env, waitOnExecutionContext } from "cloudflare:test";
import { beforeEach, describe, expect, it, vi } from "vitest";
import type { DashboardRow } from "../../../worker/contract/dashboard";
import { unsubscribeToken } from "../../../worker/dashboard/unsubscribe-token";
import { sendReports } from "../../../worker/jobs/weekly-report/weekly-report";
import { isReportDay, rankMoveText, reportWeek, sellerChanges, weeklyReportCsv, weeklyReportEmail } from "../../../worker/notifications/weekly-report";
import { RecordingEmailSender } from "../../../worker/upstreams/email/recording-sender";
import { insertUser, insertWatchlist, resetHistoryTables } from "../jobs/nightly-run/support";
import { channelEnv } from "../notifications/support";
import { seedPoint } from "../support/history-shards";
import { TestBrowser } from "../support/seller-browser";
import { buildServices } from "../../../worker/services";
import { app } from "../../../worker/app";
import { BOM } from "../../../worker/exports/csv";

const MONDAY = Date.UTC(2026, 10, 23, 2, 30);

describe("weekly report (pure)", () => {
  it("goes out on Mondays and covers the Monday-to-Sunday week before", () => {
    expect(isReportDay(MONDAY)).toBe(true);
    expect(isReportDay(MONDAY + 86_400_000)).toBe(false);
    expect(reportWeek(MONDAY)).toEqual({ monday: "2026-11-23", fromDay: "2026-11-16", toDay: "2026-11-22" });
  });

  it("finds Buy Box and stock changes from the first and last snapshot of the week", () => {
    const snap = (asin: string, holdsBuyBox: boolean | null, buyBoxSellerId: string | null, fulfillableUnits: number | null, source = "spapi") => ({ asin, marketplace: "US", holdsBuyBox, buyBoxSellerId, fulfillableUnits, source });
    expect(
      sellerChanges([snap("B000000001", true, "ME", 30), snap("B000000002", false, "X", 5, "mock"), snap("B000000001", false, "X", 30), snap("B000000002", false, "X", 0, "mock")]),
    ).toEqual({
      buyBoxChanges: [{ asin: "B000000001", marketplace: "US", from: "you", to: "other", mock: false }],
      // The demo's mock seller data is marked as such, to be labelled in the email.
      stockChanges: [{ asin: "B000000002", marketplace: "US", from: 5, to: 0, mock: true }],
    });
  });

  it("says a Buy Box Amazon suppressed (offers, no winner) is suppressed, not unknown, as the dashboard does", () => {
    const held = { asin: "B000000003", marketplace: "US", holdsBuyBox: true, buyBoxSellerId: "ME", primeSellerId: "ME", nonPrimeSellerId: "ME", holdsPrime: true, holdsNonPrime: true, fulfillableUnits: 3, source: "spapi" };
    const suppressed = { ...held, holdsBuyBox: null, buyBoxSellerId: null, primeSellerId: "suppressed", nonPrimeSellerId: "suppressed", holdsPrime: null, holdsNonPrime: null };
    expect(sellerChanges([held, suppressed]).buyBoxChanges).toEqual([{ asin: "B000000003", marketplace: "US", from: "you", to: "suppressed", mock: false }]);
  });

  it("names a change of one of the two Buy Boxes when the one most shoppers see stayed, but not a move from or to unknown", () => {
    const both = { asin: "B000000004", marketplace: "US", holdsBuyBox: true, buyBoxSellerId: "ME", primeSellerId: "ME", nonPrimeSellerId: "ME", holdsPrime: true, holdsNonPrime: true, fulfillableUnits: 3, source: "spapi" };
    const lostNonPrime = { ...both, nonPrimeSellerId: "OTHER", holdsNonPrime: false };
    expect(sellerChanges([both, lostNonPrime]).buyBoxChanges).toEqual([{ asin: "B000000004", marketplace: "US", which: "Non-Prime", from: "you", to: "other", mock: false }]);
    // A row from before the two were kept says nothing of them: no change is made up from it.
    const before0103 = { asin: "B000000004", marketplace: "US", holdsBuyBox: true, buyBoxSellerId: "ME", fulfillableUnits: 3, source: "spapi" };
    expect(sellerChanges([before0103, lostNonPrime]).buyBoxChanges).toEqual([]);
    const email = weeklyReportEmail(
      { fromDay: "2026-11-16", toDay: "2026-11-22", rows: [], alertsFired: [], ...sellerChanges([both, lostNonPrime]) },
      "me@example.com",
      "reports@ranklayer.example",
      { dashboard: "https://x.example/seller-central", unsubscribe: "https://x.example/api/reports/unsubscribe?user=u&token=t" },
    );
    expect(email.text).toContain("B000000004 (US): Non-Prime Buy Box you → another seller");
  });

  const row: DashboardRow = {
    asin: "B000000001",
    marketplace: "US",
    title: 'Acme "Pro", 2-Pack',
    image: null,
    brand: "Acme",
    category: "Toys",
    rank: 900,
    rankChange7d: -100,
    velocity: { rankChangePercent: -10, slopePerDay: -16.67, best: 900, worst: 1000 },
    price: null,
    buyBox: "you",
    buyBoxes: { prime: "you", nonPrime: "you" },
    fulfillableUnits: 12,
    sparkline: [],
    rankSource: { kind: "live", label: "Amazon Creators API", asOf: "2026-11-22T02:00:00.000Z" },
    sellerSource: { kind: null, label: "No snapshot yet", asOf: null },
  };

  it("builds the CSV with quoting", () => {
    expect(weeklyReportCsv({ fromDay: "a", toDay: "b", rows: [row], alertsFired: [], buyBoxChanges: [], stockChanges: [] }).split("\r\n")[1]).toBe(
      'B000000001,US,Acme,"Acme ""Pro"", 2-Pack",900,-100,-10,you,12,Amazon Creators API,2026-11-22T02:00:00.000Z,,you,you',
    );
  });

  it("says in the CSV where the Buy Box and FBA units come from, the demo's mock seller API included", () => {
    const demo = { ...row, sellerSource: { kind: "mock" as const, label: "Mock seller API (demo)", asOf: "2026-11-22T02:00:00.000Z" } };
    const [header, line] = weeklyReportCsv({ fromDay: "a", toDay: "b", rows: [demo], alertsFired: [], buyBoxChanges: [], stockChanges: [] }).split("\r\n");
    expect(header!.split(",").slice(-3)).toEqual(["Seller data source", "Prime Buy Box", "Non-Prime Buy Box"]);
    expect(line!.split(",").slice(-3)).toEqual(["Mock seller API (demo)", "you", "you"]);
  });

  it("gives each of the two Buy Boxes its own column after the others, so a seller holding only one sees it in the sheet", () => {
    const split = { ...row, title: "Kettle", buyBox: "other" as const, buyBoxes: { prime: "other" as const, nonPrime: "you" as const } };
    const [header, line] = weeklyReportCsv({ fromDay: "a", toDay: "b", rows: [split], alertsFired: [], buyBoxChanges: [], stockChanges: [] }).split("\r\n");
    const cells = Object.fromEntries(header!.replace(BOM, "").split(",").map((name, i) => [name, line!.split(",")[i]]));
    expect(cells).toMatchObject({ "Buy Box": "other", "Prime Buy Box": "other", "Non-Prime Buy Box": "you" });
  });

  it("guards Amazon's text against spreadsheet formulas, as a downloaded export does; figures stay numbers", () => {
    const hostile = { ...row, title: '=HYPERLINK("http://evil.example","x")', brand: "@SUM(1+1)" };
    const line = weeklyReportCsv({ fromDay: "a", toDay: "b", rows: [hostile], alertsFired: [], buyBoxChanges: [], stockChanges: [] }).split("\r\n")[1];
    expect(line).toBe(`B000000001,US,'@SUM(1+1),"'=HYPERLINK(""http://evil.example"",""x"")",900,-100,-10,you,12,Amazon Creators API,2026-11-22T02:00:00.000Z,,you,you`);
  });

  it("starts the attached CSV with a UTF-8 BOM, as a downloaded export does, so Excel shows a Japanese title and accents, not mojibake", () => {
    const csv = weeklyReportCsv({ fromDay: "a", toDay: "b", rows: [{ ...row, title: "ステンレス製マグ — Café" }], alertsFired: [], buyBoxChanges: [], stockChanges: [] });
    expect(csv.startsWith(`${BOM}ASIN,Marketplace,`)).toBe(true);
    expect(csv).toContain(",ステンレス製マグ — Café,");
  });

  it("says a rank's move in places and which way, since a grown rank number is a worse rank", () => {
    expect(rankMoveText(-120)).toBe("120 places better");
    expect(rankMoveText(25_858)).toBe("25,858 places worse");
    expect(rankMoveText(1)).toBe("1 place worse");
    expect(rankMoveText(0)).toBe("unchanged");
  });

  it("says the week's figures, attaches the CSV and carries an unsubscribe link and header", () => {
    const email = weeklyReportEmail(
      { fromDay: "2026-11-16", toDay: "2026-11-22", rows: [row], alertsFired: [{ day: "2026-11-18", asin: "B000000001", marketplace: "US", message: "Rank #812 is worse than your threshold #500" }], buyBoxChanges: [], stockChanges: [] },
      "me@example.com",
      "reports@ranklayer.example",
      { dashboard: "https://x.example/seller-central", unsubscribe: "https://x.example/api/reports/unsubscribe?user=u&token=t" },
    );
    expect(email.subject).toBe("RankLayer weekly report, 2026-11-16 to 2026-11-22");
    expect(email.text).toContain("B000000001 (US): #900 (100 places better)");
    expect(email.text).toContain("2026-11-18 B000000001 (US): Rank #812 is worse than your threshold #500");
    expect(email.text).toContain("Unsubscribe: https://x.example/api/reports/unsubscribe?user=u&token=t");
    expect(email.headers).toEqual({ "List-Unsubscribe": "<https://x.example/api/reports/unsubscribe?user=u&token=t>", "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" });
    expect(email.attachments?.[0]).toMatchObject({ disposition: "attachment", filename: "ranklayer-weekly-2026-11-22.csv", type: "text/csv" });
  });

  it("writes a rank as the app and the alert lines do: #212,378, not #212378", () => {
    const email = weeklyReportEmail(
      { fromDay: "2026-11-16", toDay: "2026-11-22", rows: [{ ...row, rank: 212_378, rankChange7d: -2_650 }], alertsFired: [], buyBoxChanges: [], stockChanges: [] },
      "me@example.com",
      "reports@ranklayer.example",
      { dashboard: "https://x.example/seller-central", unsubscribe: "https://x.example/api/reports/unsubscribe?user=u&token=t" },
    );
    expect(email.text).toContain("B000000001 (US): #212,378 (2,650 places better)");
  });

  it("names an alert's ASIN once (its message names it already), and labels the demo's mock seller changes", () => {
    const email = weeklyReportEmail(
      {
        fromDay: "2026-11-16",
        toDay: "2026-11-22",
        rows: [],
        alertsFired: [{ day: "2026-11-18", asin: "B000000001", marketplace: "US", message: "B000000001 (US): rank #812 is worse than your threshold #500 (mock data)" }],
        buyBoxChanges: [{ asin: "B000000001", marketplace: "US", from: "you", to: "other", mock: true }],
        stockChanges: [{ asin: "B000000002", marketplace: "US", from: 93, to: 90, mock: true }],
      },
      "me@example.com",
      "reports@ranklayer.example",
      { dashboard: "https://x.example/seller-central", unsubscribe: "https://x.example/u" },
    );
    expect(email.text).toContain("- 2026-11-18 B000000001 (US): rank #812 is worse than your threshold #500 (mock data)\n");
    expect(email.text).not.toContain("B000000001 (US): B000000001 (US)");
    expect(email.text).toContain("- B000000001 (US): you → another seller (mock data)");
    expect(email.text).toContain("- B000000002 (US): 93 → 90 FBA units (mock data)");
  });
});

describe("the Monday 02:30 weekly report run", () => {
  beforeEach(async () => {
    await resetHistoryTables();
    await env.DB.prepare("DELETE FROM user_refresh").run();
    vi.spyOn(console, "error").mockImplementation(() => {});
  });

  async function user(weeklyReport: boolean, email: string | null) {
    const id = await insertUser({ isDemo: true });
    await insertWatchlist(id, [{ marketplace: "US", asin: "BWEEKLY001" }]);
    await env.DB.prepare("INSERT INTO user_settings (workspace_id, weekly_report, alert_email) VALUES (?, ?, ?)").bind(id, weeklyReport ? 1 : 0, email).run();
    return id;
  }

  it("sends one email per opted-in user, once per week, with the week's snapshots", async () => {
    const opted = await user(true, "seller@example.com");
    await user(false, "off@example.com");
    await user(true, null);
    for (const [day, rank] of [["2026-11-16", 1000], ["2026-11-22", 800]] as const) {
      await seedPoint({ asin: "BWEEKLY001", day, source: "mock", rank, capturedAt: `${day}T02:00:00.000Z` });
    }
    const sender = new RecordingEmailSender();
    const bindings = channelEnv();
    const weekly = async (nowMs: number) => (await sendReports(buildServices(bindings), nowMs, sender))?.weekly;
    expect(await weekly(MONDAY)).toEqual({ sent: 1, failed: 0 });
    expect(await weekly(MONDAY)).toEqual({ sent: 0, failed: 0 });
    // Only on Mondays: the Tuesday run finds the week's report sent.
    expect(await weekly(MONDAY + 86_400_000)).toBeNull();
    expect(sender.sent).toHaveLength(1);
    const [email] = sender.sent;
    expect(email!.to).toBe("seller@example.com");
    expect(email!.text).toContain("BWEEKLY001 (US): #800 (200 places better, mock data)");
    expect(email!.text).toContain(`/api/reports/unsubscribe?user=${opted}&token=${await unsubscribeToken(buildServices(bindings), opted)}`);
  });

  it("the unsubscribe link turns the report off; a forged one is refused", async () => {
    const opted = await user(true, "seller@example.com");
    const browser = new TestBrowser(channelEnv());
    expect((await browser.request(`/api/reports/unsubscribe?user=${opted}&token=${"0".repeat(64)}`)).status).toBe(403);
    expect((await browser.request(`/api/reports/unsubscribe?user=${opted}&token=nope`)).status).toBe(422);
    const link = `/api/reports/unsubscribe?user=${opted}&token=${await unsubscribeToken(buildServices(browser.bindings), opted)}`;
    const weeklyOn = () => env.DB.prepare("SELECT weekly_report FROM user_settings WHERE workspace_id = ?").bind(opted).first("weekly_report");
    // Opening the link only asks (mail scanners open links); its button posts back to it.
    const asked = await browser.request(link);
    expect(asked.status).toBe(200);
    const page = await asked.text();
    expect(page).toContain("Stop the weekly report emails?");
    expect(page).toContain(`<form method="post" action="${new URL(link, "https://x.example").search.replace(/&/g, "&amp;")}">`);
    expect(await weeklyOn()).toBe(1);
    const res = await browser.request(link, { method: "POST" });
    expect(res.status).toBe(200);
    expect(await res.text()).toContain("You are unsubscribed");
    expect(await weeklyOn()).toBe(0);
  });

  it("a mail client's one-click unsubscribe (RFC 8058): a POST without session, cookie or XSRF token", async () => {
    const opted = await user(true, "one-click@example.com");
    const bindings = channelEnv();
    const link = `https://app.ranklayer.example/api/reports/unsubscribe?user=${opted}&token=${await unsubscribeToken(buildServices(bindings), opted)}`;
    const ctx = createExecutionContext();
    const res = await app.request(link, { method: "POST", headers: { "Content-Type": "application/x-www-form-urlencoded" }, body: "List-Unsubscribe=One-Click" }, bindings, ctx);
    await waitOnExecutionContext(ctx);
    expect(res.status).toBe(200);
    expect(await env.DB.prepare("SELECT weekly_report FROM user_settings WHERE workspace_id = ?").bind(opted).first("weekly_report")).toBe(0);
    const forged = await app.request(link.replace(/token=[0-9a-f]+/, `token=${"0".repeat(64)}`), { method: "POST", body: "List-Unsubscribe=One-Click" }, bindings, createExecutionContext());
    expect(forged.status).toBe(403);
  });
});

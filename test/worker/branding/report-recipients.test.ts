import { env } from "cloudflare:test";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { recipientUnsubscribeToken } from "../../../worker/branding/recipient-unsubscribe";
import { ASSOCIATES_NOTICE } from "../../../worker/exports/export-table";
import { sendReports } from "../../../worker/jobs/weekly-report/weekly-report";
import { reportEmail } from "../../../worker/notifications/weekly-report";
import { buildServices } from "../../../worker/services";
import { RecordingEmailSender } from "../../../worker/upstreams/email/recording-sender";
import { freeBrowserWith, userIdOf } from "../history/accounts";
import { insertWatchlist, resetHistoryTables } from "../jobs/nightly-run/support";
import { channelEnv, fakeEmailBinding } from "../notifications/support";
import { seedPoint } from "../support/history-shards";
import { TestBrowser } from "../support/seller-browser";
import { PNG_1X1 } from "./logo-fixtures";

const MONDAY = Date.UTC(2026, 10, 23, 2, 30);
const WEEK = { fromDay: "2026-11-16", toDay: "2026-11-22", rows: [], alertsFired: [], buyBoxChanges: [], stockChanges: [] };
const LINKS = { dashboard: "https://x.example/seller-central", unsubscribe: "https://x.example/u" };

describe("the report email under a workspace's name (pure)", () => {
  it("says Prepared by, shows the logo and accent, names the agency as sender, keeps the Associates notice", () => {
    const email = reportEmail("weekly", WEEK, "client@example.com", "reports@ranklayer.example", LINKS, {
      name: "Acme Agency", accent: "#1d4ed8", logoUrl: "https://x.example/api/branding/logo/abc",
    });
    expect(email.subject).toBe("Acme Agency: RankLayer weekly report, 2026-11-16 to 2026-11-22");
    expect(email.from).toEqual({ name: "Acme Agency via RankLayer", email: "reports@ranklayer.example" });
    expect(email.text!.split("\n")[0]).toBe("Prepared by Acme Agency");
    expect(email.text).toContain(ASSOCIATES_NOTICE);
    expect(email.html).toContain(`<img src="https://x.example/api/branding/logo/abc" alt="Acme Agency"`);
    expect(email.html).toContain("background:#1d4ed8;color:#fff");
    expect(email.html).toContain("Prepared by Acme Agency");
  });

  it("escapes the name in HTML and keeps RankLayer's own wording without branding", () => {
    const email = reportEmail("weekly", WEEK, "a@example.com", "r@example.com", LINKS, { name: `Tom & "Jerry"`, accent: null, logoUrl: null });
    expect(email.html).toContain("Prepared by Tom &amp; &quot;Jerry&quot;");
    expect(email.from).toEqual({ name: "Tom & Jerry via RankLayer", email: "r@example.com" });
    const plain = reportEmail("weekly", WEEK, "a@example.com", "r@example.com", LINKS, null);
    expect(plain.subject).toBe("RankLayer weekly report, 2026-11-16 to 2026-11-22");
    expect(plain.text).not.toContain("Prepared by");
  });
});

describe("report recipients: confirmed addresses only", () => {
  beforeEach(async () => {
    await resetHistoryTables();
    await env.DB.prepare("DELETE FROM report_recipients").run();
    vi.spyOn(console, "error").mockImplementation(() => {});
  });

  it("an added address is mailed a confirm link, gets no report until it confirms, then one a week, branded", async () => {
    const mail = fakeEmailBinding();
    const bindings = channelEnv({ ALERT_EMAIL: mail.binding });
    const browser = await freeBrowserWith(bindings);
    const workspaceId = userIdOf(browser);
    await browser.json("/api/branding", "PUT", { display_name: "Acme Agency", accent_color: "#1d4ed8" });
    await browser.request("/api/branding/logo", { method: "PUT", body: PNG_1X1, headers: { "Content-Type": "image/png" } });
    await insertWatchlist(workspaceId, [{ marketplace: "US", asin: "BBRAND0001" }]);
    for (const [day, rank] of [["2026-11-16", 1000], ["2026-11-22", 800]] as const) {
      await seedPoint({ asin: "BBRAND0001", day, source: "mock", rank, capturedAt: `${day}T02:00:00.000Z` });
    }

    const added = await browser.json("/api/branding/recipients", "POST", { email: " Client@Example.com " });
    expect(added.status).toBe(200);
    expect(await added.json()).toEqual({ add_refusal: null, recipients: [{ email: "client@example.com", confirmed: false }] });
    await browser.json("/api/branding/recipients", "POST", { email: "never@example.com" });
    expect(mail.sent.map((m) => m.to)).toEqual(["client@example.com", "never@example.com"]);
    expect(mail.sent[0]!.subject).toBe("Confirm: weekly report from Acme Agency");
    const link = /https:\/\/app\.ranklayer\.example\/api\/branding\/recipients\/confirm\?token=[\w-]+/.exec(mail.sent[0]!.text!)![0];

    // Unconfirmed: nothing goes to either address.
    const sender = new RecordingEmailSender();
    const weekly = async () => (await sendReports(buildServices(bindings), MONDAY, sender))?.weekly;
    expect(await weekly()).toEqual({ sent: 0, failed: 0 });

    const anonymous = new TestBrowser(bindings);
    const confirmed = await anonymous.request(new URL(link).pathname + new URL(link).search);
    expect(confirmed.status).toBe(200);
    expect(await confirmed.text()).toContain("client@example.com will get the weekly report");
    // A link works once.
    expect((await anonymous.request(new URL(link).pathname + new URL(link).search)).status).toBe(404);
    expect(await (await browser.request("/api/branding/recipients")).json()).toEqual({
      add_refusal: null,
      recipients: [{ email: "client@example.com", confirmed: true }, { email: "never@example.com", confirmed: false }],
    });

    expect(await weekly()).toEqual({ sent: 1, failed: 0 });
    expect(await weekly()).toEqual({ sent: 0, failed: 0 });
    const [report] = sender.sent;
    expect(report!.to).toBe("client@example.com");
    expect(report!.subject).toBe("Acme Agency: RankLayer weekly report, 2026-11-16 to 2026-11-22");
    expect(report!.text).toContain("Prepared by Acme Agency");
    expect(report!.text).toContain("BBRAND0001 (US): #800 (200 places better, mock data)");
    expect(report!.text).toContain("Acme Agency chose this address and you confirmed it");
    expect(report!.html).toMatch(/<img src="https:\/\/app\.ranklayer\.example\/api\/branding\/logo\/[a-f0-9]{32}"/);
    const token = await recipientUnsubscribeToken(buildServices(bindings), workspaceId, "client@example.com");
    expect(report!.headers).toEqual({ "List-Unsubscribe": expect.stringContaining(`token=${token}`), "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" });

    // The unsubscribe link asks; its button (or a mail client's one-click POST) removes the address; a forged one is refused.
    const unsubscribe = `/api/branding/recipients/unsubscribe?workspace=${workspaceId}&email=client%40example.com`;
    expect((await anonymous.request(`${unsubscribe}&token=${"0".repeat(64)}`, { method: "POST" })).status).toBe(403);
    expect(await (await anonymous.request(`${unsubscribe}&token=${token}`)).text()).toContain("Stop these weekly reports?");
    expect((await (await browser.request("/api/branding/recipients")).json<{ recipients: unknown[] }>()).recipients).toHaveLength(2);
    expect((await anonymous.request(`${unsubscribe}&token=${token}`, { method: "POST" })).status).toBe(200);
    expect(await (await browser.request("/api/branding/recipients")).json()).toEqual({ add_refusal: null, recipients: [{ email: "never@example.com", confirmed: false }] });
  });

  it("a confirm link older than 7 days has lapsed; bad addresses are 422; removing an address is 404 the second time", async () => {
    const mail = fakeEmailBinding();
    const bindings = channelEnv({ ALERT_EMAIL: mail.binding });
    const browser = await freeBrowserWith(bindings);
    await browser.json("/api/branding/recipients", "POST", { email: "old@example.com" });
    await env.DB.prepare("UPDATE report_recipients SET created_at = '2020-01-01T00:00:00.000Z'").run();
    const link = new URL(/https:\S+confirm\?token=[\w-]+/.exec(mail.sent[0]!.text!)![0]);
    expect((await new TestBrowser(bindings).request(link.pathname + link.search)).status).toBe(404);
    expect((await browser.json("/api/branding/recipients", "POST", { email: "not an address" })).status).toBe(422);
    expect((await browser.request("/api/branding/recipients/old%40example.com", { method: "DELETE" })).status).toBe(200);
    expect((await browser.request("/api/branding/recipients/old%40example.com", { method: "DELETE" })).status).toBe(404);
  });
});

import { env } from "cloudflare:test";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { sendReports } from "../../../worker/jobs/weekly-report/weekly-report";
import { sellerChanges } from "../../../worker/notifications/weekly-report";
import { buildServices } from "../../../worker/services";
import { RecordingEmailSender } from "../../../worker/upstreams/email/recording-sender";
import { freeBrowserWith, userIdOf } from "../history/accounts";
import { insertWatchlist, resetHistoryTables } from "../jobs/nightly-run/support";
import { channelEnv, fakeEmailBinding } from "../notifications/support";
import { recipientUnsubscribeToken } from "../../../worker/branding/recipient-unsubscribe";
import { TestBrowser } from "../support/seller-browser";
import { insertConnection } from "../support/seller-connections";

/**
 * Weekly reports per client connection (issue 28 point 6): an address chosen for one seller
 * connection gets that connection's seller data (and the workspace's tracked ASINs); an address
 * for the whole workspace gets the aggregate; an unconfirmed one gets nothing.
 */
const MONDAY = Date.UTC(2026, 10, 23, 2, 30);
const ASIN = "BCONN00001";

const connection = (id: string, workspaceId: string, name: string) => insertConnection({ id, workspaceId, sellingPartnerId: `SP-${name}`, region: "na", name, status: "demo" });

async function sellerDay(connectionId: string, workspaceId: string, day: string, units: number, holdsBuyBox: boolean) {
  await env.DB.prepare(
    `INSERT INTO seller_snapshots (connection_id, workspace_id, asin, marketplace, day, source, fulfillable_units, holds_buy_box, buy_box_seller_id, captured_at)
     VALUES (?, ?, ?, 'US', ?, 'mock', ?, ?, ?, ?)`,
  )
    .bind(connectionId, workspaceId, ASIN, day, units, holdsBuyBox ? 1 : 0, holdsBuyBox ? null : "OTHERSELLER", `${day}T02:05:00.000Z`)
    .run();
}

/** An alert (on a connection or none) with one event in the reported week. */
async function firedAlert(workspaceId: string, conditionType: string, connectionId: string | null, message: string) {
  const id = crypto.randomUUID();
  await env.DB.prepare(
    "INSERT INTO alerts (id, workspace_id, asin, marketplace, condition_type, threshold, email_enabled, in_app_enabled, paused, connection_id) VALUES (?, ?, ?, 'US', ?, 10, 1, 1, 0, ?)",
  )
    .bind(id, workspaceId, ASIN, conditionType, connectionId)
    .run();
  await env.DB.prepare(
    "INSERT INTO alert_events (id, workspace_id, alert_id, day, asin, marketplace, condition_type, threshold, message, in_app, created_at) VALUES (?, ?, ?, '2026-11-20', ?, 'US', ?, 10, ?, 1, '2026-11-20T02:30:00.000Z')",
  )
    .bind(crypto.randomUUID(), workspaceId, id, ASIN, conditionType, message)
    .run();
}

async function confirmFromMail(sent: readonly EmailMessageBuilder[], to: string) {
  const text = sent.find((message) => message.to === to)!.text!;
  const link = new URL(/https:\S+confirm\?token=[\w-]+/.exec(text)![0]);
  expect((await new TestBrowser(channelEnv()).request(link.pathname + link.search)).status).toBe(200);
}

async function auditOf(workspaceId: string) {
  const { results } = await env.DB.prepare("SELECT action, target, detail, actor_user_id FROM audit_log WHERE workspace_id = ? AND action LIKE 'report_recipient.%' ORDER BY created_at, rowid")
    .bind(workspaceId)
    .all<{ action: string; target: string; detail: string; actor_user_id: string | null }>();
  return results.map((row) => ({ action: row.action, target: row.target, detail: JSON.parse(row.detail) as unknown, actor: row.actor_user_id }));
}

describe("weekly reports per client connection", () => {
  beforeEach(async () => {
    await resetHistoryTables();
    await env.DB.prepare("DELETE FROM report_recipients").run();
    vi.spyOn(console, "error").mockImplementation(() => {});
  });

  it("a client's address gets that connection's seller data, a workspace address the aggregate, an unconfirmed one nothing", async () => {
    const mail = fakeEmailBinding();
    const bindings = channelEnv({ ALERT_EMAIL: mail.binding });
    const browser = await freeBrowserWith(bindings);
    const workspaceId = userIdOf(browser);
    const acme = `${workspaceId}-acme`;
    const beta = `${workspaceId}-beta`;
    await connection(acme, workspaceId, "Acme US");
    await connection(beta, workspaceId, "Beta Client");
    await browser.json("/api/branding", "PUT", { display_name: "Agency One" });
    await insertWatchlist(workspaceId, [{ marketplace: "US", asin: ASIN }]);
    await sellerDay(acme, workspaceId, "2026-11-16", 50, true);
    await sellerDay(acme, workspaceId, "2026-11-22", 40, true);
    await sellerDay(beta, workspaceId, "2026-11-16", 10, true);
    await sellerDay(beta, workspaceId, "2026-11-22", 2, false);
    await firedAlert(workspaceId, "low_stock", beta, "Beta stock is low");
    await firedAlert(workspaceId, "low_stock", acme, "Acme stock is low");
    await firedAlert(workspaceId, "buybox_lost", null, "Some connection lost the Buy Box");
    await firedAlert(workspaceId, "rank_above", null, "Rank is worse than 10");

    const added = await browser.json("/api/branding/recipients", "POST", { email: "beta@client.example", connection_id: beta });
    expect(added.status).toBe(200);
    expect(await added.json()).toEqual({ add_refusal: null, recipients: [{ email: "beta@client.example", confirmed: false, connection_id: beta, connection_name: "Beta Client" }] });
    await browser.json("/api/branding/recipients", "POST", { email: "boss@agency.example", connection_id: null });
    await browser.json("/api/branding/recipients", "POST", { email: "acme@client.example", connection_id: acme });
    const foreign = await browser.json("/api/branding/recipients", "POST", { email: "x@example.com", connection_id: "not-ours" });
    expect(foreign.status).toBe(422);
    expect(JSON.stringify(await foreign.json())).toContain("connection_id");
    await confirmFromMail(mail.sent, "beta@client.example");
    await confirmFromMail(mail.sent, "boss@agency.example");

    const sender = new RecordingEmailSender();
    expect((await sendReports(buildServices(bindings), MONDAY, sender))?.weekly).toEqual({ sent: 2, failed: 0 });
    expect(sender.sent.map((message) => message.to).sort()).toEqual(["beta@client.example", "boss@agency.example"]);

    const client = sender.sent.find((message) => message.to === "beta@client.example")!;
    expect(client.subject).toBe("Agency One: Beta Client: RankLayer weekly report, 2026-11-16 to 2026-11-22");
    expect(client.text).toContain("Prepared by Agency One");
    expect(client.text).toContain("Seller account: Beta Client");
    expect(client.text).toContain(`${ASIN} (US): 10 → 2 FBA units`);
    expect(client.text).toContain(`${ASIN} (US): you → another seller`);
    expect(client.text).not.toContain("50 → 40");
    expect(client.text).toContain("Beta stock is low");
    expect(client.text).toContain("Rank is worse than 10");
    expect(client.text).not.toContain("Acme stock is low");
    expect(client.text).not.toContain("Some connection lost the Buy Box");
    // The attached rows carry this connection's stock, not another client's.
    const csv = String(client.attachments![0]!.content);
    expect(csv.split("\r\n")[1]).toMatch(new RegExp(`^${ASIN},US,.*,other,2,`));

    const aggregate = sender.sent.find((message) => message.to === "boss@agency.example")!;
    expect(aggregate.subject).toBe("Agency One: RankLayer weekly report, 2026-11-16 to 2026-11-22");
    expect(aggregate.text).not.toContain("Seller account:");
    expect(aggregate.text).toContain(`${ASIN} (US): 10 → 2 FBA units`);
    expect(aggregate.text).toContain(`${ASIN} (US): 50 → 40 FBA units`);
    for (const message of ["Beta stock is low", "Acme stock is low", "Some connection lost the Buy Box", "Rank is worse than 10"]) expect(aggregate.text).toContain(message);

    // Disconnecting the client deletes its address rather than widening it to the whole workspace.
    await env.DB.prepare("DELETE FROM seller_connections WHERE id = ?").bind(beta).run();
    const after = (await (await browser.request("/api/branding/recipients")).json()) as { recipients: { email: string }[] };
    expect(after.recipients.map((recipient) => recipient.email)).toEqual(["acme@client.example", "boss@agency.example"]);
  });

  it("re-adding an address changes its connection; adds, removes and unsubscribes are in the audit log", async () => {
    const mail = fakeEmailBinding();
    const bindings = channelEnv({ ALERT_EMAIL: mail.binding });
    const browser = await freeBrowserWith(bindings);
    const workspaceId = userIdOf(browser);
    const acme = `${workspaceId}-acme`;
    await connection(acme, workspaceId, "Acme US");
    await browser.json("/api/branding/recipients", "POST", { email: "a@client.example", connection_id: acme });
    await confirmFromMail(mail.sent, "a@client.example");
    const widened = await browser.json("/api/branding/recipients", "POST", { email: "a@client.example" });
    // Still confirmed, now for the whole workspace, and no second confirmation mail.
    expect(await widened.json()).toEqual({ add_refusal: null, recipients: [{ email: "a@client.example", confirmed: true }] });
    expect(mail.sent.filter((message) => message.to === "a@client.example")).toHaveLength(1);
    expect((await browser.request("/api/branding/recipients/a%40client.example", { method: "DELETE" })).status).toBe(200);
    // The address's own unsubscribe link: recorded with no member as the actor.
    await browser.json("/api/branding/recipients", "POST", { email: "b@client.example" });
    const token = await recipientUnsubscribeToken(buildServices(bindings), workspaceId, "b@client.example");
    const unsubscribe = `/api/branding/recipients/unsubscribe?workspace=${workspaceId}&email=b%40client.example&token=${token}`;
    expect((await new TestBrowser(bindings).request(unsubscribe, { method: "POST" })).status).toBe(200);

    const user = userIdOf(browser);
    expect(await auditOf(workspaceId)).toEqual([
      { action: "report_recipient.add", target: "a@client.example", detail: { email: "a@client.example", connection_id: acme }, actor: user },
      { action: "report_recipient.add", target: "a@client.example", detail: { email: "a@client.example", connection_id: null }, actor: user },
      { action: "report_recipient.remove", target: "a@client.example", detail: { email: "a@client.example" }, actor: user },
      { action: "report_recipient.add", target: "b@client.example", detail: { email: "b@client.example", connection_id: null }, actor: user },
      { action: "report_recipient.remove", target: "b@client.example", detail: { email: "b@client.example", via: "unsubscribe link" }, actor: null },
    ]);
  });
});

describe("sellerChanges (pure)", () => {
  it("compares each connection's own first and last day, never one client's against another's", () => {
    const row = (connectionId: string, units: number) => ({ connectionId, asin: ASIN, marketplace: "US", holdsBuyBox: true, buyBoxSellerId: null, fulfillableUnits: units, source: "spapi" });
    expect(sellerChanges([row("a", 50), row("b", 10), row("a", 50), row("b", 10)]).stockChanges).toEqual([]);
    expect(sellerChanges([row("a", 50), row("b", 10), row("a", 40)]).stockChanges).toEqual([{ asin: ASIN, marketplace: "US", from: 50, to: 40, mock: false }]);
  });
});

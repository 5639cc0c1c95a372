import { env } from "cloudflare:test";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { freeBrowserWith } from "../history/accounts";
import { channelEnv, fakeEmailBinding } from "../notifications/support";
import { clearOfHourEnd } from "../support/minute-window";
import { TestBrowser } from "../support/seller-browser";

/**
 * POST /api/branding/recipients mails an address someone else typed in, so it must not be a way
 * to mail-bomb it: one confirmation an hour per address and workspace, 20 an hour per workspace,
 * 10 an hour per address from all workspaces; demo accounts add none. A confirmation that could
 * not be sent is a 502 and stores nothing.
 */

type Answer = { detail: string; code: string };
const add = (browser: TestBrowser, email: string) => browser.json("/api/branding/recipients", "POST", { email });
const listed = async (browser: TestBrowser) => (await (await browser.request("/api/branding/recipients")).json<{ recipients: { email: string }[] }>()).recipients.map((r) => r.email);
const storedRows = async () => (await env.DB.prepare("SELECT count(*) AS n FROM report_recipients").first<number>("n")) ?? 0;

async function expectLimited(res: Response, detail: RegExp) {
  expect(res.status).toBe(429);
  const retryAfter = Number(res.headers.get("Retry-After"));
  expect(retryAfter).toBeGreaterThan(0);
  expect(retryAfter).toBeLessThanOrEqual(3600);
  const body = await res.json<Answer>();
  expect(body.code).toBe("rate_limited");
  expect(body.detail).toMatch(detail);
  expect(body.detail).toMatch(/Nothing was changed; try again in \d+ minutes?\./);
}

describe("report recipient confirmations cannot mail-bomb an address", () => {
  beforeEach(async () => {
    await env.DB.prepare("DELETE FROM report_recipients").run();
    vi.spyOn(console, "error").mockImplementation(() => {});
    await clearOfHourEnd();
  });

  it("re-adding an unconfirmed address, or deleting and adding it again, sends no second mail within the hour", async () => {
    const mail = fakeEmailBinding();
    const browser = await freeBrowserWith(channelEnv({ ALERT_EMAIL: mail.binding }));
    expect((await add(browser, "victim@example.com")).status).toBe(200);

    await expectLimited(await add(browser, "victim@example.com"), /^victim@example\.com was already sent a confirmation email from this workspace this hour/);
    expect((await browser.request("/api/branding/recipients/victim%40example.com", { method: "DELETE" })).status).toBe(200);
    await expectLimited(await add(browser, "victim@example.com"), /one an hour per address/);

    expect(mail.sent.map((m) => m.to)).toEqual(["victim@example.com"]);
    // Refused, so not added back: the list stays as the delete left it.
    expect(await listed(browser)).toEqual([]);
  });

  it("a refused re-add leaves the first link working", async () => {
    const mail = fakeEmailBinding();
    const bindings = channelEnv({ ALERT_EMAIL: mail.binding });
    const browser = await freeBrowserWith(bindings);
    await add(browser, "client@example.com");
    expect((await add(browser, "client@example.com")).status).toBe(429);
    const link = new URL(/https:\S+confirm\?token=[\w-]+/.exec(mail.sent[0]!.text!)![0]);
    expect((await new TestBrowser(bindings).request(link.pathname + link.search)).status).toBe(200);
  });

  it("one workspace sends at most 20 confirmations an hour, even when it removes addresses to make room", async () => {
    const mail = fakeEmailBinding();
    const browser = await freeBrowserWith(channelEnv({ ALERT_EMAIL: mail.binding }));
    for (let i = 1; i <= 20; i++) expect((await add(browser, `client${i}@example.com`)).status).toBe(200);
    expect((await browser.request("/api/branding/recipients/client1%40example.com", { method: "DELETE" })).status).toBe(200);

    await expectLimited(await add(browser, "client21@example.com"), /^This workspace has sent 20 confirmation emails this hour, the most it may\./);
    expect(mail.sent).toHaveLength(20);
    expect(await listed(browser)).not.toContain("client21@example.com");
  });

  it("one member sends at most 40 confirmations an hour from all their workspaces: new workspaces spray no further", async () => {
    const mail = fakeEmailBinding();
    const browser = await freeBrowserWith(channelEnv({ ALERT_EMAIL: mail.binding }));
    for (let workspace = 0; workspace < 2; workspace++) {
      if (workspace > 0) expect((await browser.json("/api/workspaces", "POST", { name: `Spray ${workspace}` })).status).toBe(201);
      for (let i = 1; i <= 20; i++) expect((await add(browser, `w${workspace}-client${i}@example.com`)).status).toBe(200);
    }
    expect((await browser.json("/api/workspaces", "POST", { name: "Spray 2" })).status).toBe(201);

    await expectLimited(await add(browser, "one-more@example.com"), /^You have sent 40 confirmation emails this hour from all your workspaces, the most one person may\./);
    expect(mail.sent).toHaveLength(40);
  });

  it("one address gets at most 10 confirmations an hour from all workspaces together", async () => {
    const mail = fakeEmailBinding();
    const bindings = channelEnv({ ALERT_EMAIL: mail.binding });
    for (let i = 0; i < 10; i++) expect((await add(await freeBrowserWith(bindings), "target@example.com")).status).toBe(200);

    await expectLimited(await add(await freeBrowserWith(bindings), "target@example.com"), /^target@example\.com has been sent 10 confirmation emails from RankLayer workspaces this hour/);
    expect(mail.sent).toHaveLength(10);
  });

  it("a demo account may not add addresses: 403, nothing mailed or stored", async () => {
    const mail = fakeEmailBinding();
    const demo = new TestBrowser(channelEnv({ ALERT_EMAIL: mail.binding }));
    await demo.signInDemo();
    const res = await add(demo, "someone@example.com");
    expect(res.status).toBe(403);
    expect(await res.json()).toEqual({ code: "forbidden", detail: expect.stringMatching(/^A demo account cannot send the report to other addresses: its reports are sample data\./) });
    expect(mail.sent).toEqual([]);
    expect(await storedRows()).toBe(0);
    // The list says so up front, so the form can say it instead of offering the field.
    expect(await (await demo.request("/api/branding/recipients")).json()).toMatchObject({ recipients: [], add_refusal: expect.stringMatching(/^A demo account cannot/) });
  });

  it("a confirmation that could not be sent is a 502 with Retry-After; the address is not stored, and asking again at once works", async () => {
    const mail = fakeEmailBinding(1);
    const browser = await freeBrowserWith(channelEnv({ ALERT_EMAIL: mail.binding }));
    const failed = await add(browser, "client@example.com");
    expect(failed.status).toBe(502);
    expect(failed.headers.get("Retry-After")).toBe("60");
    expect(await failed.json()).toEqual({
      code: "upstream_unavailable",
      detail: "The confirmation email to client@example.com could not be sent just now, so nothing was changed: the address was not added. Try again in a minute.",
    });
    expect(await storedRows()).toBe(0);

    // The failed mail was not counted against the address's one an hour.
    expect((await add(browser, "client@example.com")).status).toBe(200);
    expect(mail.sent.map((m) => m.to)).toEqual(["client@example.com"]);
    expect(await listed(browser)).toEqual(["client@example.com"]);
  });

  it("an address the email service refuses for good (it bounced before) is a 422 on the address, not a 502 saying to try again; nothing is stored", async () => {
    const mail = fakeEmailBinding(0, { "bounced@example.com": "E_RECIPIENT_SUPPRESSED" });
    const browser = await freeBrowserWith(channelEnv({ ALERT_EMAIL: mail.binding }));
    const refused = await add(browser, "bounced@example.com");
    expect(refused.status).toBe(422);
    expect(refused.headers.get("Retry-After")).toBeNull();
    expect(await refused.json()).toEqual({
      code: "validation_failed",
      detail: [
        {
          loc: ["body", "email"],
          msg: "bounced@example.com cannot be sent email: an earlier email to it bounced or was marked as spam, so the email service no longer sends to it. Check the address, or use another one.",
          type: "email_refused",
        },
      ],
    });
    expect(await storedRows()).toBe(0);
    // Another address goes through at once: the refusal counted against no limit.
    expect((await add(browser, "client@example.com")).status).toBe(200);
  });
});

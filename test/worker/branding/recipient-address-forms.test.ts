import { env } from "cloudflare:test";
import { beforeEach, describe, expect, it } from "vitest";
import { freeBrowserWith } from "../history/accounts";
import { channelEnv, fakeEmailBinding } from "../notifications/support";

/** A report recipient at an internationalised domain: its Unicode form and its A-label are one address. */

const A_LABEL = "client@xn--bcher-kva.example";

describe("a report recipient typed as Unicode or as its A-label", () => {
  beforeEach(async () => {
    await env.DB.prepare("DELETE FROM report_recipients").run();
  });

  it("is one recipient, confirmed by mail to the A-label, removed by either form", async () => {
    const mail = fakeEmailBinding();
    const browser = await freeBrowserWith(channelEnv({ ALERT_EMAIL: mail.binding }));
    const added = await browser.json("/api/branding/recipients", "POST", { email: "Client@B\u00fccher.example" });
    expect(added.status, await added.clone().text()).toBe(200);
    expect(await added.json()).toEqual({ add_refusal: null, recipients: [{ email: A_LABEL, confirmed: false }] });
    expect(mail.sent.map((m) => m.to)).toEqual([A_LABEL]);
    const link = new URL(/https:\/\/\S+\/api\/branding\/recipients\/confirm\?token=[\w-]+/.exec(mail.sent[0]!.text!)![0]);
    expect((await browser.request(link.pathname + link.search)).status).toBe(200);

    // The A-label form is the confirmed address: no second row, no second confirmation mail.
    const again = await browser.json("/api/branding/recipients", "POST", { email: A_LABEL });
    expect(again.status).toBe(200);
    expect(await again.json()).toEqual({ add_refusal: null, recipients: [{ email: A_LABEL, confirmed: true }] });
    expect(mail.sent).toHaveLength(1);

    const removed = await browser.request(`/api/branding/recipients/${encodeURIComponent("client@b\u00fccher.example")}`, { method: "DELETE" });
    expect(removed.status).toBe(200);
    expect(await removed.json()).toEqual({ add_refusal: null, recipients: [] });
  });
});

describe("a report recipient typed with the DNS root's trailing dot", () => {
  beforeEach(async () => {
    await env.DB.prepare("DELETE FROM report_recipients").run();
  });

  it("is the same recipient as the plain address", async () => {
    const mail = fakeEmailBinding();
    const browser = await freeBrowserWith(channelEnv({ ALERT_EMAIL: mail.binding }));
    const added = await browser.json("/api/branding/recipients", "POST", { email: "client@example.com." });
    expect(await added.json()).toEqual({ add_refusal: null, recipients: [{ email: "client@example.com", confirmed: false }] });
    expect(mail.sent.map((m) => m.to)).toEqual(["client@example.com"]);
    const removed = await browser.request(`/api/branding/recipients/${encodeURIComponent("client@example.com")}`, { method: "DELETE" });
    expect(await removed.json()).toEqual({ add_refusal: null, recipients: [] });
  });

  it("stays removable when a row kept the dot (stored before addresses lost it)", async () => {
    const browser = await freeBrowserWith(channelEnv({}));
    const added = await browser.json("/api/branding/recipients", "POST", { email: "kept@example.com" });
    expect(added.status, await added.clone().text()).toBe(200);
    await env.DB.prepare("UPDATE report_recipients SET email = 'kept@example.com.'").run();
    const listed = await (await browser.request("/api/branding/recipients")).json<{ recipients: { email: string }[] }>();
    expect(listed.recipients.map((r) => r.email)).toEqual(["kept@example.com."]);
    const removed = await browser.request(`/api/branding/recipients/${encodeURIComponent("kept@example.com.")}`, { method: "DELETE" });
    expect(removed.status, await removed.clone().text()).toBe(200);
    expect(await removed.json()).toEqual({ add_refusal: null, recipients: [] });
  });
});

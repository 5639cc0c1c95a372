import { env } from "cloudflare:test";
import { createHmac } from "node:crypto";
import { describe, expect, it, vi } from "vitest";
import type { Bindings } from "../../../worker/env";
import type { ChannelSettings } from "../../../worker/contract/channels";
import { demoEnv, TestBrowser } from "../support/seller-browser";
import { channelEnv, discordEndpoint, fakeEmailBinding, scriptWebhook, webhookCalls, webhookEndpoint } from "./support";
import { signInByEmail } from "../support/email-accounts";
import { DEMO_ALERT_EMAIL_REFUSED } from "../../../worker/contract/channels";
import { currentWorkspaceId, storeSealedWebhookUrl } from "./webhook-url-rows";
import { recordingD1 } from "../support/recording-d1";

const EMPTY: ChannelSettings = {
  alertEmail: null,
  accountEmail: null,
  webhookUrl: null,
  webhookUrlUnreadable: false,
  webhookSecretSet: false,
  emailConfigured: true,
  deliveryProblems: [],
  reportProblems: [],
  alertEmailRefusal: null,
};

/** An account of its own, signed in by email (a demo account may set no alert email). */
async function signedIn(overrides: Partial<Bindings> = {}) {
  const mail = fakeEmailBinding();
  const browser = new TestBrowser(demoEnv(channelEnv({ ALERT_EMAIL: mail.binding, ...overrides })));
  await signInByEmail(browser, mail.sent, `seller-${crypto.randomUUID()}@example.com`);
  return browser;
}

async function channels(browser: TestBrowser): Promise<ChannelSettings> {
  const res = await browser.request("/api/settings/channels");
  expect(res.status).toBe(200);
  return res.json();
}

describe("/api/settings/channels", () => {
  it("401 without a session, on every channel route", async () => {
    const anonymous = new TestBrowser(demoEnv(channelEnv()));
    expect((await anonymous.request("/api/settings/channels")).status).toBe(401);
    expect((await anonymous.json("/api/settings/channels", "PUT", { alertEmail: "a@b.example" })).status).toBe(401);
    expect((await anonymous.request("/api/settings/webhook-secret", { method: "POST" })).status).toBe(401);
    expect((await anonymous.request("/api/settings/webhook-test", { method: "POST" })).status).toBe(401);
  });

  it("a demo account sets no alert email (anyone can make one): 403, nothing saved, and the settings say why", async () => {
    const demo = new TestBrowser(demoEnv(channelEnv()));
    await demo.signInDemo();
    expect(await channels(demo)).toEqual({ ...EMPTY, alertEmailRefusal: DEMO_ALERT_EMAIL_REFUSED });

    const refused = await demo.json("/api/settings/channels", "PUT", { alertEmail: "someone-else@example.com", webhookUrl: "https://example.com/hook" });
    expect(refused.status).toBe(403);
    expect(await refused.json()).toEqual({ detail: DEMO_ALERT_EMAIL_REFUSED, code: "forbidden" });
    expect(await channels(demo)).toMatchObject({ alertEmail: null, webhookUrl: null });

    // Its webhook and clearing the address stay open to it.
    const webhookOnly = await demo.json("/api/settings/channels", "PUT", { alertEmail: null, webhookUrl: "https://example.com/hook" });
    expect(webhookOnly.status).toBe(200);
    expect(await webhookOnly.json()).toMatchObject({ alertEmail: null, webhookUrl: "https://example.com/hook", alertEmailRefusal: DEMO_ALERT_EMAIL_REFUSED });

    // An address a demo saved before this rule: the form sends it back with a new URL, which saves.
    await env.DB.prepare("UPDATE user_settings SET alert_email = 'kept@example.com' WHERE workspace_id = ?").bind(await currentWorkspaceId(demo)).run();
    const sentBack = await demo.json("/api/settings/channels", "PUT", { alertEmail: "kept@example.com", webhookUrl: "https://example.com/other" });
    expect(sentBack.status).toBe(200);
    expect(await sentBack.json()).toMatchObject({ alertEmail: "kept@example.com", webhookUrl: "https://example.com/other" });
  });

  it("reads the workspace's settings row once: its channels and its report switches (whose failed sends it lists) come from one read", async () => {
    const browser = await signedIn();
    const recorded = recordingD1(env.DB);
    browser.bindings = { ...browser.bindings, DB: recorded.db };
    expect(await channels(browser)).toEqual(EMPTY);
    expect(recorded.queries.filter((query) => /from "user_settings"/.test(query))).toHaveLength(1);
  });

  it("starts empty and says whether this server can send email", async () => {
    expect(await channels(await signedIn())).toEqual(EMPTY);
    // Without a sender there is no email sign-in either: a demo account asks.
    const demo = new TestBrowser(demoEnv(channelEnv({ ALERT_EMAIL_FROM: "" })));
    await demo.signInDemo();
    expect(await channels(demo)).toEqual({ ...EMPTY, emailConfigured: false, alertEmailRefusal: DEMO_ALERT_EMAIL_REFUSED });
  });

  it("saves the address and the URL, changes only what is sent, and clears with null or blank", async () => {
    const browser = await signedIn();
    const saved = await browser.json("/api/settings/channels", "PUT", {
      alertEmail: "  seller@example.com ",
      webhookUrl: "https://hooks.slack.com/services/T000/B000/XXXX",
    });
    expect(saved.status).toBe(200);
    const both = { ...EMPTY, alertEmail: "seller@example.com", webhookUrl: "https://hooks.slack.com/services/T000/B000/XXXX" };
    expect(await saved.json()).toEqual(both);

    await browser.json("/api/settings/channels", "PUT", { alertEmail: "ops@example.com" });
    expect(await channels(browser)).toEqual({ ...both, alertEmail: "ops@example.com" });

    await browser.json("/api/settings/channels", "PUT", { alertEmail: null, webhookUrl: "  " });
    expect(await channels(browser)).toEqual(EMPTY);
  });

  it("keeps an internationalised domain as its A-label, as sign-in and mail use it", async () => {
    const browser = await signedIn();
    const saved = await browser.json("/api/settings/channels", "PUT", { alertEmail: "Anna@Bücher.de" });

    expect(saved.status).toBe(200);
    expect(await saved.json()).toMatchObject({ alertEmail: "Anna@xn--bcher-kva.de" });
    expect(await channels(browser)).toMatchObject({ alertEmail: "Anna@xn--bcher-kva.de" });
  });

  it("keeps the channels when the other settings are saved, and the other settings when channels are", async () => {
    const browser = await signedIn();
    await browser.json("/api/settings/channels", "PUT", { alertEmail: "seller@example.com" });
    const settings = {
      notifications: { emailAlerts: false, inAppAlerts: true, weeklyReport: true, rankDrops: false, buyBoxLoss: true },
      dataRefresh: { frequency: "manual", marketplace: "DE" },
    };
    expect((await browser.json("/api/settings", "PUT", settings)).status).toBe(200);
    await browser.json("/api/settings/channels", "PUT", { webhookUrl: "https://example.com/hook" });

    expect(await channels(browser)).toMatchObject({ alertEmail: "seller@example.com", webhookUrl: "https://example.com/hook" });
    expect(await (await browser.request("/api/settings")).json()).toMatchObject(settings);
  });

  it.each([
    [{ webhookUrl: "http://example.com/hook" }, "webhookUrl", "https://"],
    [{ webhookUrl: "https://localhost/hook" }, "webhookUrl", "https://"],
    [{ webhookUrl: "ftp://example.com" }, "webhookUrl", "https://"],
    [{ webhookUrl: `https://example.com/${"x".repeat(2_048)}` }, "webhookUrl", "at most 2,048"],
    [{ webhookUrl: 42 }, "webhookUrl", "must be text"],
    [{ alertEmail: "not-an-address" }, "alertEmail", "valid email"],
    [{ alertEmail: `${"x".repeat(250)}@example.com` }, "alertEmail", "at most 254"],
    // IDNA refuses a domain with a space or a disallowed character: it stays as typed, and is no address.
    [{ alertEmail: "anna@bü cher.de" }, "alertEmail", "valid email"],
    [{ alertEmail: "anna@b\u2028ücher.de" }, "alertEmail", "valid email"],
    // 249 characters typed, 255 as an A-label: too long for mail.
    [{ alertEmail: `${"x".repeat(190)}@${"ü".repeat(55)}.de` }, "alertEmail", "at most 254"],
  ])("422 for %j", async (body, field, message) => {
    const browser = await signedIn();
    const res = await browser.json("/api/settings/channels", "PUT", body);
    expect(res.status).toBe(422);
    const { detail } = await res.json<{ detail: { loc: string[]; msg: string }[] }>();
    expect(detail[0]?.loc).toEqual(["json", field]);
    expect(detail[0]?.msg).toContain(message);
    expect(await channels(browser)).toEqual(EMPTY);
  });

  it("403 without the XSRF header", async () => {
    const browser = await signedIn();
    const res = await browser.json("/api/settings/channels", "PUT", { alertEmail: "a@b.example" }, { omitXsrfHeader: true });
    expect(res.status).toBe(403);
    expect((await browser.request("/api/settings/webhook-secret", { method: "POST", omitXsrfHeader: true })).status).toBe(403);
  });

  it("shows and changes only the caller's own channels", async () => {
    const a = await signedIn();
    const b = await signedIn();
    await a.json("/api/settings/channels", "PUT", { alertEmail: "a@example.com", webhookUrl: "https://a.example.com/hook" });
    await a.request("/api/settings/webhook-secret", { method: "POST" });

    expect(await channels(b)).toEqual(EMPTY);
    await b.json("/api/settings/channels", "PUT", { alertEmail: "b@example.com" });
    await b.request("/api/settings/webhook-secret", { method: "POST" });

    expect(await channels(a)).toEqual({ ...EMPTY, alertEmail: "a@example.com", webhookUrl: "https://a.example.com/hook", webhookSecretSet: true });
    expect(await channels(b)).toEqual({ ...EMPTY, alertEmail: "b@example.com", webhookSecretSet: true });
  });
});

describe("POST /api/settings/webhook-secret", () => {
  it("returns a new secret once, stores it encrypted, and a second call replaces it", async () => {
    const browser = await signedIn();
    const first = await browser.request("/api/settings/webhook-secret", { method: "POST" });
    expect(first.status).toBe(200);
    expect(first.headers.get("Cache-Control")).toBe("no-store");
    const { secret } = await first.json<{ secret: string }>();
    expect(secret).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);
    expect(await channels(browser)).toMatchObject({ webhookSecretSet: true });

    const { results } = await env.DB.prepare("SELECT webhook_secret_ciphertext AS sealed FROM user_settings").all<{ sealed: string | null }>();
    expect(results.some((row) => row.sealed?.includes(secret))).toBe(false);

    const second = await (await browser.request("/api/settings/webhook-secret", { method: "POST" })).json<{ secret: string }>();
    expect(second.secret).not.toBe(secret);
  });

  it("503 with a reason when the server has no encryption keys", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    const browser = await signedIn({ TOKEN_ENCRYPTION_KEYS: undefined });
    const res = await browser.request("/api/settings/webhook-secret", { method: "POST" });
    expect(res.status).toBe(503);
    expect(await res.json()).toEqual({ detail: expect.stringContaining("TOKEN_ENCRYPTION_KEYS"), code: "not_configured" });
    expect(await channels(browser)).toMatchObject({ webhookSecretSet: false });
  });
});

describe("POST /api/settings/webhook-test", () => {
  it("says what is missing before anything is sent", async () => {
    const browser = await signedIn();
    const test = () => browser.request("/api/settings/webhook-test", { method: "POST" }).then((res) => res.json());
    expect(await test()).toEqual({ ok: false, detail: "Save a webhook URL first." });
    await browser.json("/api/settings/channels", "PUT", { webhookUrl: webhookEndpoint().url });
    expect(await test()).toEqual({ ok: false, detail: "Generate a signing secret first." });
  });

  it("sends a test payload signed with the user's secret, and reports the receiver's answer", async () => {
    const browser = await signedIn();
    const hook = webhookEndpoint();
    await browser.json("/api/settings/channels", "PUT", { webhookUrl: hook.url });
    const { secret } = await (await browser.request("/api/settings/webhook-secret", { method: "POST" })).json<{ secret: string }>();

    const res = await browser.request("/api/settings/webhook-test", { method: "POST" });
    expect(await res.json()).toEqual({ ok: true, status: 200 });

    const [call] = await webhookCalls(hook.path);
    const [, timestamp, mac] = /^t=(\d+),v1=([0-9a-f]{64})$/.exec(call?.headers["x-ranklayer-signature"] ?? "") ?? [];
    expect(mac).toBe(createHmac("sha256", secret).update(`${timestamp}.${call!.body}`).digest("hex"));
    expect(JSON.parse(call!.body)).toMatchObject({ type: "webhook.test", alerts: [], text: expect.stringContaining("test message") });

    await scriptWebhook(hook.path, [500]);
    expect(await (await browser.request("/api/settings/webhook-test", { method: "POST" })).json()).toEqual({
      ok: false,
      status: 500,
      detail: "HTTP status 500",
    });
    // A rate-limited receiver: the answer is the same shape (the Retry-After is for delivery retries).
    await scriptWebhook(hook.path, [{ status: 429, retryAfter: "30" }]);
    expect(await (await browser.request("/api/settings/webhook-test", { method: "POST" })).json()).toEqual({
      ok: false,
      status: 429,
      detail: "HTTP status 429",
    });
  });

  it("reaches a Discord webhook URL as is: Discord posts the body's content and answers 204", async () => {
    const browser = await signedIn();
    const hook = discordEndpoint();
    await browser.json("/api/settings/channels", "PUT", { webhookUrl: hook.url });
    await browser.request("/api/settings/webhook-secret", { method: "POST" });

    const res = await browser.request("/api/settings/webhook-test", { method: "POST" });

    expect(await res.json()).toEqual({ ok: true, status: 204 });
    const [call] = await webhookCalls(hook.path);
    expect(JSON.parse(call!.body)).toMatchObject({ type: "webhook.test", content: expect.stringContaining("test message") });
  });

  it("allows a few tests an hour per account, then 429 with Retry-After; another account is not held up", async () => {
    const limit = { WEBHOOK_TESTS_PER_HOUR: "3" };
    const browser = await signedIn(limit);
    const hook = webhookEndpoint();
    await browser.json("/api/settings/channels", "PUT", { webhookUrl: hook.url });
    await browser.request("/api/settings/webhook-secret", { method: "POST" });
    const test = () => browser.request("/api/settings/webhook-test", { method: "POST" });
    for (let i = 0; i < 3; i++) expect(await (await test()).json()).toEqual({ ok: true, status: 200 });

    const refused = await test();
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect(Number(refused.headers.get("Retry-After"))).toBeLessThanOrEqual(3600);
    expect(await refused.json()).toEqual({ detail: expect.stringMatching(/^Too many webhook tests: at most 3 an hour\. Try again in \d+ minutes\.$/), code: "rate_limited" });
    expect(await webhookCalls(hook.path)).toHaveLength(3);

    const other = await signedIn(limit);
    await other.json("/api/settings/channels", "PUT", { webhookUrl: webhookEndpoint().url });
    await other.request("/api/settings/webhook-secret", { method: "POST" });
    expect((await other.request("/api/settings/webhook-test", { method: "POST" })).status).toBe(200);
  });

  it("refuses to save a URL against the rules, and never tests a stored one that breaks them", async () => {
    const browser = await signedIn();
    const res = await browser.json("/api/settings/channels", "PUT", { webhookUrl: "https://metadata.google.internal/computeMetadata/v1/" });
    expect(res.status).toBe(422);
    expect(await res.json()).toMatchObject({ detail: [{ loc: ["json", "webhookUrl"], msg: "Webhook URL must name a public host, not a local or internal one" }] });

    // A URL stored before the rules (written straight to D1) is refused at test time too.
    await browser.json("/api/settings/channels", "PUT", { webhookUrl: webhookEndpoint().url });
    await browser.request("/api/settings/webhook-secret", { method: "POST" });
    await storeSealedWebhookUrl(await currentWorkspaceId(browser), "https://10-0-0-1.sslip.io/hook");
    expect(await (await browser.request("/api/settings/webhook-test", { method: "POST" })).json()).toEqual({
      ok: false,
      detail: "Webhook URL must not be a name that embeds an IP address",
    });
  });
});

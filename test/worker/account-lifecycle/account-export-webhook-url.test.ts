import { describe, expect, it, vi } from "vitest";
import { KEY_2027, TestBrowser } from "../support/seller-browser";
import { emailEnv, signInByEmail, userIdOf } from "../support/email-accounts";
import { storeLegacyWebhookUrl, webhookUrlRow } from "../notifications/webhook-url-rows";

type Exported = { settings: { webhookUrl: string | null } & Record<string, unknown> };

/** The webhook URL is stored sealed; the owner's export holds it in plain text, never its ciphertext. */
describe("Settings → Account: export of the webhook URL", () => {
  it("holds the sealed URL in plain text for its owner, and no ciphertext", async () => {
    const { bindings, sent } = emailEnv();
    const browser = new TestBrowser(bindings);
    await signInByEmail(browser, sent, "webhook-export@example.com");
    const url = `https://hooks.slack.com/services/T0/B0/${crypto.randomUUID()}`;
    expect((await browser.json("/api/settings/channels", "PUT", { webhookUrl: url })).status).toBe(200);
    const { webhook_url_ciphertext: ciphertext } = (await webhookUrlRow(await userIdOf("webhook-export@example.com")))!;

    const text = await (await browser.request("/api/account/export")).text();
    expect((JSON.parse(text) as Exported).settings.webhookUrl).toBe(url);
    expect(text).not.toContain(ciphertext!);
    expect(text).not.toMatch(/webhookUrlCiphertext|legacyWebhookUrl/);
  });

  it("holds a URL stored in plain text before sealing, and answers 200 with none when the keys cannot open it", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    const { bindings, sent } = emailEnv();
    const browser = new TestBrowser(bindings);
    await signInByEmail(browser, sent, "legacy-export@example.com");
    const url = `https://hooks.slack.com/services/T0/B0/${crypto.randomUUID()}`;
    await storeLegacyWebhookUrl(await userIdOf("legacy-export@example.com"), url);
    expect((await (await browser.request("/api/account/export")).json<Exported>()).settings.webhookUrl).toBe(url);

    await browser.json("/api/settings/channels", "PUT", { webhookUrl: url });
    browser.bindings = { ...browser.bindings, TOKEN_ENCRYPTION_KEYS: `k2027:${KEY_2027}` };
    const res = await browser.request("/api/account/export");
    expect(res.status).toBe(200);
    expect((await res.json<Exported>()).settings).toMatchObject({ webhookUrl: null, emailAlerts: true });
  });
});

import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import type { Bindings } from "../../../worker/env";
import { connectSeller, registerLwaClient, TestBrowser } from "../support/seller-browser";
import { emailEnv, secretsOf, signInByEmail, userIdOf } from "../support/email-accounts";
import { PRICE_PRO, setSubscription, STRIPE_FAKE, STRIPE_KEY, stripeCalls, WEBHOOK_SECRET } from "../support/stripe";

const count = async (sql: string, ...args: unknown[]) => (await env.DB.prepare(sql).bind(...args).first<{ n: number }>())!.n;

function stripeOn() {
  return emailEnv({ STRIPE_SECRET_KEY: STRIPE_KEY, STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET, STRIPE_PRICE_PRO: PRICE_PRO, STRIPE_API_BASE_URL: `https://${STRIPE_FAKE}` });
}

describe("Settings → Account: export", () => {
  it("downloads every row about the account as JSON, with no secret in it", async () => {
    const { bindings, sent } = emailEnv();
    const browser = new TestBrowser(bindings);
    await signInByEmail(browser, sent, "export@example.com");
    const userId = await userIdOf("export@example.com");
    await browser.json("/api/watchlist", "POST", { asin: "B08N5WRWNW", marketplace: "US" });
    await browser.json("/api/alerts", "POST", { asin: "B08N5WRWNW", conditionType: "rank_above", threshold: 100, marketplace: "US" });
    await env.DB.prepare("INSERT INTO api_keys (id, workspace_id, name, prefix, key_hash) VALUES ('k1', ?, 'CI key', 'rl_live_abcd', 'deadbeefhash')").bind(userId).run();
    await env.DB.prepare("INSERT INTO api_key_usage (key_id, hour, requests) VALUES ('k1', '2026-11-25T10', 7)").run();
    await env.DB.prepare("INSERT INTO passkeys (id, user_id, name, public_key) VALUES ('cred-1', ?, 'Laptop', 'PUBLICKEYBYTES')").bind(userId).run();

    const res = await browser.request("/api/account/export");
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Disposition")).toMatch(/^attachment; filename="ranklayer-account-\d{4}-\d{2}-\d{2}\.json"$/);
    const text = await res.text();
    const doc = JSON.parse(text);
    expect(doc.format).toBe("ranklayer-account-export/1");
    expect(doc.profile).toMatchObject({ id: userId, email: "export@example.com", sellingPartnerId: null, demo: false });
    expect(doc.watchlist).toEqual([expect.objectContaining({ asin: "B08N5WRWNW", marketplace: "US" })]);
    expect(doc.alerts).toEqual([expect.objectContaining({ asin: "B08N5WRWNW", conditionType: "rank_above", threshold: 100 })]);
    expect(doc.history).toEqual([expect.objectContaining({ asin: "B08N5WRWNW", marketplace: "US", points: expect.any(Array) })]);
    expect(doc.apiKeys).toEqual([expect.objectContaining({ name: "CI key", prefix: "rl_live_abcd", usage: [{ hour: "2026-11-25T10", requests: 7 }] })]);
    expect(doc.signIn.passkeys).toEqual([expect.objectContaining({ name: "Laptop" })]);
    expect(doc.signIn.sessions.length).toBeGreaterThan(0);
    expect(doc.billing).toMatchObject({ plan: "Free" });
    for (const secret of ["deadbeefhash", "PUBLICKEYBYTES", "keyHash", "key_hash", "linkHash", "codeHash", "Ciphertext", "cred-1"]) {
      expect(text, secret).not.toContain(secret);
    }
  });

  it("exports a connected seller's connection without its refresh token", async () => {
    const { bindings } = emailEnv();
    await registerLwaClient(bindings);
    const browser = new TestBrowser(bindings);
    const { sellingPartnerId, refreshToken } = await connectSeller(browser);
    const text = await (await browser.request("/api/account/export")).text();
    const doc = JSON.parse(text);
    expect(doc.profile.sellingPartnerId).toBe(sellingPartnerId);
    expect(doc.connection).toMatchObject({ region: "na", grantedAt: expect.any(String) });
    expect(text).not.toContain(refreshToken);
    expect(text).not.toMatch(/refreshTokenCiphertext|webhookSecret/);
  });

  it("allows 5 exports an hour per account, then answers 429 with Retry-After and a detail saying when", async () => {
    const { bindings, sent } = emailEnv();
    const browser = new TestBrowser(bindings);
    await signInByEmail(browser, sent, "export-limit@example.com");
    for (let n = 1; n <= 5; n++) expect((await browser.request("/api/account/export")).status, `export ${n}`).toBe(200);

    const refused = await browser.request("/api/account/export");
    expect(refused.status).toBe(429);
    const wait = Number(refused.headers.get("Retry-After"));
    expect(wait).toBeGreaterThan(0);
    expect(wait).toBeLessThanOrEqual(3600);
    expect(await refused.json()).toEqual({
      detail: expect.stringMatching(/^Too many data exports: at most 5 an hour\. Try again in \d+ minutes?\.$/),
      code: "rate_limited",
    });
    // Another account has its own allowance.
    const other = new TestBrowser(bindings);
    await signInByEmail(other, sent, "export-limit-other@example.com");
    expect((await other.request("/api/account/export")).status).toBe(200);
  });
});

describe("Settings → Account: delete", () => {
  it("asks for the address typed exactly; a mismatch deletes nothing", async () => {
    const { bindings, sent } = emailEnv();
    const browser = new TestBrowser(bindings);
    await signInByEmail(browser, sent, "keep@example.com");
    const res = await browser.json("/api/account", "DELETE", { confirm: "someone-else@example.com" });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ detail: "To delete the account, type keep@example.com exactly. Nothing was deleted.", code: "bad_request" });
    expect(await count("SELECT count(*) AS n FROM account_emails WHERE email = ?", "keep@example.com")).toBe(1);
  });

  it("cancels the Stripe subscription, erases every row, ends the session and key, and says what it did", async () => {
    const { bindings, sent } = stripeOn();
    const browser = new TestBrowser(bindings);
    await signInByEmail(browser, sent, "leaver@example.com");
    const userId = await userIdOf("leaver@example.com");
    const subscriptionId = `sub_${crypto.randomUUID().slice(0, 8)}`;
    await setSubscription({ id: subscriptionId, customer: `cus_${userId.slice(0, 8)}`, status: "active", priceId: PRICE_PRO, userId });
    await env.DB.prepare("INSERT INTO billing_subscriptions (workspace_id, stripe_customer_id, stripe_subscription_id, status, price_id) VALUES (?, ?, ?, 'active', ?)")
      .bind(userId, `cus_${userId.slice(0, 8)}`, subscriptionId, PRICE_PRO)
      .run();
    await browser.json("/api/watchlist", "POST", { asin: "B08N5WRWNW", marketplace: "US" });
    const created = await browser.json("/api/api-keys", "POST", { name: "script" });
    expect(created.status, await created.clone().text()).toBe(201);
    const { key } = await created.json<{ key: string }>();
    const before = await app(bindings, "/api/v1/watchlist", key);
    expect(before.status, await before.clone().text()).toBe(200);

    const res = await browser.json("/api/account", "DELETE", { confirm: " Leaver@Example.com " });
    expect(res.status, await res.clone().text()).toBe(200);
    const report = await res.json<Record<string, unknown>>();
    expect(report).toMatchObject({
      deleted: true,
      subscription: "canceled",
      erased: { sessions: 1, apiKeys: 1, watchlist: 1, passkeys: 0, refreshToken: false, email: "leaver@example.com" },
    });
    expect((report.kept as string[]).join(" ")).toMatch(/Stripe.*30 days/s);
    const cancel = await stripeCalls({ subscription: subscriptionId });
    expect(cancel.map((call) => call.method)).toContain("DELETE");

    for (const table of ["users WHERE id", "sessions WHERE user_id", "api_keys WHERE workspace_id", "watchlist WHERE workspace_id", "billing_subscriptions WHERE workspace_id", "account_emails WHERE user_id"]) {
      expect(await count(`SELECT count(*) AS n FROM ${table} = ?`, userId), table).toBe(0);
    }
    expect(await count("SELECT count(*) AS n FROM email_sign_in_requests WHERE email = ?", "leaver@example.com")).toBe(0);
    expect(browser.cookies.has("__Host-session")).toBe(false);
    expect((await app(bindings, "/api/v1/watchlist", key)).status).toBe(401);

    // The same address starts over with an empty account.
    const again = await signInByEmail(new TestBrowser(bindings), sent, "leaver@example.com");
    expect(again.created).toBe(true);
    expect(await userIdOf("leaver@example.com")).not.toBe(userId);
  });

  it("also cancels the subscription of a workspace only this account belongs to, which goes with it", async () => {
    const { bindings, sent } = stripeOn();
    const browser = new TestBrowser(bindings);
    await signInByEmail(browser, sent, "agency-leaver@example.com");
    const created = await browser.json("/api/workspaces", "POST", { name: "Solo Agency" });
    expect(created.status, await created.clone().text()).toBe(201);
    const workspaceId = (await created.json<{ current: { id: string } }>()).current.id;
    const subscriptionId = `sub_${crypto.randomUUID().slice(0, 8)}`;
    await setSubscription({ id: subscriptionId, customer: `cus_${workspaceId.slice(0, 8)}`, status: "active", priceId: PRICE_PRO, userId: workspaceId });
    await env.DB.prepare("INSERT INTO billing_subscriptions (workspace_id, stripe_customer_id, stripe_subscription_id, status, price_id) VALUES (?, ?, ?, 'active', ?)")
      .bind(workspaceId, `cus_${workspaceId.slice(0, 8)}`, subscriptionId, PRICE_PRO)
      .run();

    const res = await browser.json("/api/account", "DELETE", { confirm: "agency-leaver@example.com" });
    expect(res.status, await res.clone().text()).toBe(200);
    expect(await res.json()).toMatchObject({ deleted: true, subscription: "canceled" });
    expect((await stripeCalls({ subscription: subscriptionId })).map((call) => call.method)).toContain("DELETE");
    expect(await count("SELECT count(*) AS n FROM workspaces WHERE id = ?", workspaceId)).toBe(0);
  });

  it("deletes nothing when Stripe does not cancel", async () => {
    const { bindings, sent } = stripeOn();
    const browser = new TestBrowser(bindings);
    await signInByEmail(browser, sent, "stuck@example.com");
    const userId = await userIdOf("stuck@example.com");
    await env.DB.prepare("INSERT INTO billing_subscriptions (workspace_id, stripe_customer_id, stripe_subscription_id, status) VALUES (?, 'cus_none', 'sub_missing_at_stripe', 'active')")
      .bind(userId)
      .run();
    const res = await browser.json("/api/account", "DELETE", { confirm: "stuck@example.com" });
    expect(res.status).toBe(502);
    expect(await count("SELECT count(*) AS n FROM users WHERE id = ?", userId)).toBe(1);
  });
});

describe("one account, several ways in", () => {
  it("connects a seller to the signed-in email account; a seller id owned by another account is refused and nothing changes", async () => {
    const { bindings, sent } = emailEnv();
    await registerLwaClient(bindings);
    const owner = new TestBrowser(bindings);
    const { sellingPartnerId: taken } = await connectSeller(owner);

    const browser = new TestBrowser(bindings);
    await signInByEmail(browser, sent, "agency@example.com");
    const userId = await userIdOf("agency@example.com");

    const refused = await connectSeller(browser, { sellingPartnerId: taken });
    expect(refused.callback.status).toBe(409);
    expect(await refused.callback.text()).toContain(`Seller account ${taken} is already connected to another RankLayer account`);
    expect(await count("SELECT count(*) AS n FROM seller_connections WHERE workspace_id = ?", userId)).toBe(0);
    expect((await env.DB.prepare("SELECT selling_partner_id AS id FROM users WHERE id = ?").bind(userId).first<{ id: string }>())!.id).toBe(`EMAIL-${userId}`);

    const connected = await connectSeller(browser);
    expect(connected.callback.status).toBe(302);
    expect((await env.DB.prepare("SELECT selling_partner_id AS id FROM users WHERE id = ?").bind(userId).first<{ id: string }>())!.id).toBe(connected.sellingPartnerId);
    const status = await (await browser.request("/api/user/status")).json<{ connected: boolean }>();
    expect(status.connected).toBe(true);
    expect(await userIdOf("agency@example.com")).toBe(userId);
  });

  it("counts Amazon as a way in after the seller disconnects: Amazon sign-in still opens the account in its browsers", async () => {
    const { bindings } = emailEnv();
    await registerLwaClient(bindings);
    const seller = new TestBrowser(bindings);
    const { sellingPartnerId } = await connectSeller(seller);
    expect((await seller.request("/api/connection", { method: "DELETE" })).status).toBe(204);
    const overview = await (await seller.request("/api/account")).json<Record<string, unknown>>();
    expect(overview).toMatchObject({ email: null, waysIn: { email: false, amazon: true, passkeys: 0 } });

    // Signed out, the same browser gets back in with Amazon, into the same account.
    const before = await userIdOfSeller(sellingPartnerId);
    expect((await seller.request("/api/auth/logout", { method: "POST" })).status).toBe(204);
    expect((await connectSeller(seller, { sellingPartnerId })).callback.status).toBe(302);
    expect((await (await seller.request("/api/user/status")).json<{ authenticated: boolean }>()).authenticated).toBe(true);
    expect(await userIdOfSeller(sellingPartnerId)).toBe(before);
  });

  it("lets a seller account add an email confirmed by link, and refuses an address of another account", async () => {
    const { bindings, sent } = emailEnv();
    await registerLwaClient(bindings);
    const seller = new TestBrowser(bindings);
    await connectSeller(seller);
    const asked = await seller.json("/api/account/email", "POST", { email: "seller@example.com" });
    expect(asked.status, await asked.clone().text()).toBe(202);
    const { token } = secretsOf(sent, "seller@example.com");
    expect(sent.at(-1)!.subject).toBe("Confirm your email address for RankLayer");
    // Opened anywhere but where the account is signed in (say, by the address's owner, who never
    // asked), the link is refused and stays unused: an address cannot be pushed into an account.
    const elsewhere = await new TestBrowser(bindings).json("/api/signin/email/link", "POST", { token });
    expect(elsewhere.status).toBe(403);
    expect(await elsewhere.json()).toMatchObject({ code: "forbidden", detail: expect.stringContaining("signed in to that account") });
    expect((await (await seller.request("/api/account")).json<{ email: string | null }>()).email).toBeNull();
    const confirmed = await seller.json("/api/signin/email/link", "POST", { token });
    expect(await confirmed.json()).toMatchObject({ purpose: "add_email", email: "seller@example.com" });
    const overview = await (await seller.request("/api/account")).json<Record<string, unknown>>();
    expect(overview).toMatchObject({ email: "seller@example.com", waysIn: { email: true, amazon: true, passkeys: 0 } });

    await signInByEmail(new TestBrowser(bindings), sent, "other@example.com");
    await seller.json("/api/account/email", "POST", { email: "other@example.com" });
    const clash = await seller.json("/api/signin/email/link", "POST", { token: secretsOf(sent, "other@example.com").token });
    expect(clash.status).toBe(409);
    expect((await (await seller.request("/api/account")).json<{ email: string }>()).email).toBe("seller@example.com");
  });

  it("changes the address once the new one is confirmed, and tells the earlier address", async () => {
    const { bindings, sent } = emailEnv();
    const owner = new TestBrowser(bindings);
    await signInByEmail(owner, sent, "first@example.com");
    const mailsBefore = sent.length;

    await owner.json("/api/account/email", "POST", { email: "second@example.com" });
    // Asking changes nothing, and nobody else is told, until the new address's link is opened.
    expect((await (await owner.request("/api/account")).json<{ email: string }>()).email).toBe("first@example.com");
    expect(sent.slice(mailsBefore).map((mail) => mail.to)).toEqual(["second@example.com"]);

    const confirmed = await owner.json("/api/signin/email/link", "POST", { token: secretsOf(sent, "second@example.com").token });
    expect(await confirmed.json()).toMatchObject({ purpose: "add_email", email: "second@example.com" });
    expect((await (await owner.request("/api/account")).json<{ email: string }>()).email).toBe("second@example.com");
    const notice = sent.at(-1)!;
    expect(notice.to).toBe("first@example.com");
    expect(notice.subject).toBe("Your RankLayer sign-in address was changed");
    expect(notice.text).toContain("changed from first@example.com to second@example.com");
    expect(notice.text).toContain("/contact");

    // The new address signs in to this account; the earlier one would start an account of its own.
    expect(await signInByEmail(new TestBrowser(bindings), sent, "second@example.com")).toMatchObject({ created: false });
    expect(await signInByEmail(new TestBrowser(bindings), sent, "first@example.com")).toMatchObject({ created: true });
  });
});

/** A request with an API key, as a script makes it. */
async function app(bindings: Bindings, path: string, key: string): Promise<Response> {
  return new TestBrowser(bindings).request(path, { headers: { Authorization: `Bearer ${key}` } });
}

async function userIdOfSeller(sellingPartnerId: string): Promise<string | undefined> {
  return (await env.DB.prepare("SELECT id FROM users WHERE selling_partner_id = ?").bind(sellingPartnerId).first<{ id: string }>())?.id;
}

import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { relyingPartyOf } from "../../../worker/auth/passkeys";
import { emailEnv, signInByEmail, SITE } from "../support/email-accounts";
import { connectSeller, demoEnv, registerLwaClient, TestBrowser } from "../support/seller-browser";
import { SoftAuthenticator } from "../support/soft-authenticator";

interface Challenge {
  challengeId: string;
  options: { challenge: string; rp: { id: string }; rpId?: string };
}

/** A browser on the site's own origin (the Origin header a page there sends). */
const onSite = { headers: { Origin: SITE } };

async function addPasskey(browser: TestBrowser, authenticator: SoftAuthenticator, name?: string) {
  const started = await browser.json("/api/passkeys/registration/options", "POST", {}, onSite);
  expect(started.status, await started.clone().text()).toBe(200);
  const { challengeId, options } = await started.json<Challenge>();
  expect(options.rp.id).toBe("app.ranklayer.example");
  const response = await authenticator.register(options);
  return browser.json("/api/passkeys/registration", "POST", { challengeId, name, response }, onSite);
}

async function signInWithPasskey(browser: TestBrowser, authenticator: SoftAuthenticator, origin = SITE) {
  const started = await browser.json("/api/signin/passkey/options", "POST", {}, onSite);
  const { challengeId, options } = await started.json<Challenge>();
  const response = await authenticator.authenticate(options, origin);
  return { challengeId, response, res: await browser.json("/api/signin/passkey", "POST", { challengeId, response }, onSite) };
}

describe("passkeys", () => {
  it("names the relying party after the page's own origin, never another site's", () => {
    expect(relyingPartyOf("https://ranklayer.com", "https://ranklayer.com", "https://ranklayer.com")).toEqual({ id: "ranklayer.com", origin: "https://ranklayer.com" });
    expect(relyingPartyOf("https://ranklayer.com", "http://localhost:8787", "http://localhost:8787")).toEqual({ id: "localhost", origin: "http://localhost:8787" });
    expect(relyingPartyOf("https://ranklayer.com", "https://ranklayer.com", "https://evil.example")).toBeNull();
  });

  it("adds a passkey in WebAuthn (workerd runs @simplewebauthn/server), signs in with it, once per challenge", async () => {
    const { bindings, sent } = emailEnv();
    const browser = new TestBrowser(bindings);
    await signInByEmail(browser, sent, "keys@example.com");
    const authenticator = new SoftAuthenticator(SITE);
    const added = await addPasskey(browser, authenticator, "Work laptop");
    expect(added.status, await added.clone().text()).toBe(201);
    expect(await added.json()).toMatchObject({ id: authenticator.credentialId, name: "Work laptop", lastUsedAt: null });

    const fresh = new TestBrowser(bindings);
    const { challengeId, response, res } = await signInWithPasskey(fresh, authenticator);
    expect(res.status, await res.clone().text()).toBe(200);
    expect(await res.json()).toMatchObject({ purpose: "sign_in", email: "keys@example.com", status: { authenticated: true } });
    expect(fresh.cookies.has("__Host-session")).toBe(true);

    // The same answer again: its challenge is used up.
    const replay = await new TestBrowser(bindings).json("/api/signin/passkey", "POST", { challengeId, response }, onSite);
    expect(replay.status).toBe(400);

    const [listed] = (await (await browser.request("/api/passkeys")).json<{ passkeys: { lastUsedAt: string | null }[] }>()).passkeys;
    expect(listed!.lastUsedAt).not.toBeNull();
  });

  it("refuses a cloned passkey whose signature counter goes back, and keeps the higher count", async () => {
    const { bindings, sent } = emailEnv();
    const browser = new TestBrowser(bindings);
    await signInByEmail(browser, sent, "clone@example.com");
    const authenticator = new SoftAuthenticator(SITE);
    expect((await addPasskey(browser, authenticator)).status).toBe(201);
    // A copy of the key as it is now: it will sign with the counts the original already used.
    const clone = Object.assign(Object.create(Object.getPrototypeOf(authenticator) as object) as SoftAuthenticator, authenticator);

    expect((await signInWithPasskey(new TestBrowser(bindings), authenticator)).res.status).toBe(200);
    const cloned = new TestBrowser(bindings);
    expect((await signInWithPasskey(cloned, clone)).res.status).toBe(400);
    expect(cloned.cookies.has("__Host-session")).toBe(false);
    const stored = await env.DB.prepare("SELECT counter FROM passkeys WHERE id = ?").bind(authenticator.credentialId).first<{ counter: number }>();
    expect(stored?.counter).toBe(1);
    expect((await signInWithPasskey(new TestBrowser(bindings), authenticator)).res.status).toBe(200);
  });

  it("lets only one of two answers with the same signature count in, however close together they arrive", async () => {
    const { bindings, sent } = emailEnv();
    const browser = new TestBrowser(bindings);
    await signInByEmail(browser, sent, "race@example.com");
    const authenticator = new SoftAuthenticator(SITE);
    expect((await addPasskey(browser, authenticator)).status).toBe(201);
    const clone = Object.assign(Object.create(Object.getPrototypeOf(authenticator) as object) as SoftAuthenticator, authenticator);

    const answers = await Promise.all([authenticator, clone].map(async (key) => (await signInWithPasskey(new TestBrowser(bindings), key)).res.status));
    expect(answers.sort()).toEqual([200, 400]);
  });

  it("refuses an answer signed for another origin, and a passkey nobody registered", async () => {
    const { bindings, sent } = emailEnv();
    const browser = new TestBrowser(bindings);
    await signInByEmail(browser, sent, "phish@example.com");
    const authenticator = new SoftAuthenticator(SITE);
    await addPasskey(browser, authenticator);
    expect((await signInWithPasskey(new TestBrowser(bindings), authenticator, "https://evil.example")).res.status).toBe(400);
    const stranger = new SoftAuthenticator(SITE);
    await stranger.register({ challenge: "x", rp: { id: "app.ranklayer.example" } });
    const unknown = (await signInWithPasskey(new TestBrowser(bindings), stranger)).res;
    expect(unknown.status).toBe(400);
    expect((await unknown.json<{ detail: string }>()).detail).toMatch(/^This passkey is not registered with RankLayer/);
  });

  it("lists, renames and removes passkeys; the last way to sign in stays", async () => {
    const { bindings } = emailEnv();
    await registerLwaClient(bindings);
    const seller = new TestBrowser(bindings);
    await connectSeller(seller);
    const authenticator = new SoftAuthenticator(SITE);
    const { id } = await (await addPasskey(seller, authenticator)).json<{ id: string; name: string }>();

    const renamed = await seller.json(`/api/passkeys/${id}`, "PATCH", { name: "Phone" });
    expect(await renamed.json()).toMatchObject({ id, name: "Phone" });
    expect((await (await seller.request("/api/passkeys")).json<{ passkeys: unknown[] }>()).passkeys).toEqual([expect.objectContaining({ id, name: "Phone" })]);

    // Another account cannot touch it.
    const { bindings: other, sent } = emailEnv();
    const intruder = new TestBrowser(other);
    await signInByEmail(intruder, sent, "intruder@example.com");
    expect((await intruder.request(`/api/passkeys/${id}`, { method: "DELETE" })).status).toBe(404);

    // A seller with Amazon sign-in may remove its only passkey; without Amazon it would be the last way in.
    await env.DB.prepare("DELETE FROM seller_connections").run();
    const last = await seller.request(`/api/passkeys/${id}`, { method: "DELETE" });
    expect(last.status).toBe(409);
    expect((await last.json<{ detail: string }>()).detail).toBe(
      "This passkey is your account's last way to sign in from a new computer or phone, so it stays. Add an email address or another passkey first.",
    );
    await addPasskey(seller, new SoftAuthenticator(SITE), "Second");
    expect((await seller.request(`/api/passkeys/${id}`, { method: "DELETE" })).status).toBe(204);
    expect((await (await seller.request("/api/passkeys")).json<{ passkeys: { name: string }[] }>()).passkeys.map((p) => p.name)).toEqual(["Second"]);
  });

  it("refuses a passkey to a demo account, which signs in with Continue with Demo in one browser only", async () => {
    const demo = new TestBrowser(demoEnv({ SITE_URL: SITE }));
    await demo.signInDemo();
    const started = await demo.json("/api/passkeys/registration/options", "POST", {}, onSite);
    expect(started.status).toBe(403);
    expect(await started.json()).toMatchObject({ code: "forbidden", detail: expect.stringContaining("demo account") });
    expect(await env.DB.prepare("SELECT count(*) AS n FROM webauthn_challenges c JOIN users u ON u.id = c.user_id WHERE u.is_demo = 1").first("n")).toBe(0);
  });

  it("needs a session: anonymous callers get 401", async () => {
    const { bindings } = emailEnv();
    expect((await new TestBrowser(bindings).request("/api/passkeys")).status).toBe(401);
    expect((await new TestBrowser(bindings).json("/api/passkeys/registration/options", "POST", {}, onSite)).status).toBe(401);
  });

  it("hands one network at most 30 sign-in challenges in 10 minutes (each is a stored row), then 429 with Retry-After", async () => {
    const { bindings } = emailEnv();
    const ask = (ip: string) => new TestBrowser(bindings).json("/api/signin/passkey/options", "POST", {}, { headers: { Origin: SITE, "CF-Connecting-IP": ip } });
    for (let i = 0; i < 30; i++) expect((await ask("203.0.113.9")).status).toBe(200);
    const refused = await ask("203.0.113.9");
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect((await refused.json<{ detail: string }>()).detail).toMatch(/^Too many passkey sign-ins from this network: at most 30 in 10 minutes\. Try again in \d+ minutes?\./);
    expect((await ask("203.0.113.10")).status).toBe(200);
  });
});

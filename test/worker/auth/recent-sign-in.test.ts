import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { signedInRecently } from "../../../worker/auth/recent-sign-in";
import { emailEnv, secretsOf, signInByEmail, SITE, userIdOf } from "../support/email-accounts";
import { connectSeller, registerLwaClient, TestBrowser } from "../support/seller-browser";
import { SoftAuthenticator } from "../support/soft-authenticator";
import { recordingD1 } from "../support/recording-d1";

const onSite = { headers: { Origin: SITE } };
type Challenge = { challengeId: string; options: { challenge: string; rp: { id: string }; rpId?: string } };

/** The browser's sign-in happened 20 minutes ago (an unlocked laptop left signed in). */
async function ageSessions(email: string) {
  const longAgo = new Date(Date.now() - 20 * 60 * 1000).toISOString();
  await env.DB.prepare("UPDATE sessions SET created_at = ?, verified_at = NULL WHERE user_id = ?").bind(longAgo, await userIdOf(email)).run();
}

async function expectReverifyAsked(res: Response) {
  expect(res.status, await res.clone().text()).toBe(403);
  const body = await res.json<{ code: string; detail: string }>();
  expect(body.code).toBe("recent_sign_in_required");
  expect(body.detail).toContain("confirm it is you");
}

describe("a recent sign-in for sensitive account changes", () => {
  it("counts 15 minutes from the sign-in or the last re-verification", () => {
    const now = Date.parse("2026-11-28T12:00:00Z");
    expect(signedInRecently("2026-11-28T11:50:00Z", now)).toBe(true);
    expect(signedInRecently("2026-11-28T11:44:59Z", now)).toBe(false);
    expect(signedInRecently("not a date", now)).toBe(false);
  });

  it("refuses an address change, signing out others, deleting the account and adding a passkey from an old session, and changes nothing", async () => {
    const { bindings, sent } = emailEnv();
    const laptop = new TestBrowser(bindings);
    const phone = new TestBrowser(bindings);
    await signInByEmail(laptop, sent, "owner@example.com");
    await signInByEmail(phone, sent, "owner@example.com");
    await ageSessions("owner@example.com");

    await expectReverifyAsked(await laptop.json("/api/account/email", "POST", { email: "thief@example.com" }));
    expect(sent.some((m) => m.to === "thief@example.com")).toBe(false);
    await expectReverifyAsked(await laptop.request("/api/account/sign-out-others", { method: "POST" }));
    expect((await (await phone.request("/api/user/status")).json<{ authenticated: boolean }>()).authenticated).toBe(true);
    await expectReverifyAsked(await laptop.json("/api/account", "DELETE", { confirm: "owner@example.com" }));
    await expectReverifyAsked(await laptop.json("/api/passkeys/registration/options", "POST", {}, onSite));
    expect((await laptop.request("/api/account")).status).toBe(200);
  });

  it("lets the person re-verify with a code mailed to the account's own address, then the change goes through", async () => {
    const { bindings, sent } = emailEnv();
    const laptop = new TestBrowser(bindings);
    await signInByEmail(laptop, sent, "ada@example.com");
    await ageSessions("ada@example.com");
    await expectReverifyAsked(await laptop.request("/api/account/sign-out-others", { method: "POST" }));

    const asked = await laptop.request("/api/account/reverify/email", { method: "POST" });
    expect(asked.status, await asked.clone().text()).toBe(202);
    const wrong = await laptop.json("/api/account/reverify/email/code", "POST", { code: secretsOf(sent, "ada@example.com").code === "000000" ? "111111" : "000000" });
    expect(wrong.status).toBe(400);
    expect((await wrong.json<{ detail: string }>()).detail).toMatch(/tries? left/);
    const ok = await laptop.json("/api/account/reverify/email/code", "POST", { code: secretsOf(sent, "ada@example.com").code });
    expect(ok.status, await ok.clone().text()).toBe(200);

    const ended = await laptop.request("/api/account/sign-out-others", { method: "POST" });
    expect(ended.status, await ended.clone().text()).toBe(200);
  });

  it("finds the browser's requests for the account's address in one read, however many it holds", async () => {
    const { bindings, sent } = emailEnv();
    const laptop = new TestBrowser(bindings);
    await signInByEmail(laptop, sent, "grace@example.com");
    await ageSessions("grace@example.com");
    // A sign-in asked for another address in this browser, and two codes asked for this account.
    expect((await laptop.json("/api/signin/email", "POST", { email: "other@example.com" })).status).toBe(202);
    for (let i = 0; i < 2; i++) expect((await laptop.request("/api/account/reverify/email", { method: "POST" })).status).toBe(202);

    const recorded = recordingD1(env.DB);
    laptop.bindings = { ...bindings, DB: recorded.db };
    const ok = await laptop.json("/api/account/reverify/email/code", "POST", { code: secretsOf(sent, "grace@example.com").code });
    expect(ok.status, await ok.clone().text()).toBe(200);
    expect(recorded.queries.filter((query) => /^select .* from "email_sign_in_requests"/.test(query))).toHaveLength(1);
  });

  it("accepts a passkey of this account only", async () => {
    const { bindings, sent } = emailEnv();
    const owner = new TestBrowser(bindings);
    await signInByEmail(owner, sent, "lin@example.com");
    const authenticator = new SoftAuthenticator(SITE);
    const started = await owner.json("/api/passkeys/registration/options", "POST", {}, onSite);
    const { challengeId, options } = await started.json<Challenge>();
    expect((await owner.json("/api/passkeys/registration", "POST", { challengeId, name: "Laptop", response: await authenticator.register(options) }, onSite)).status).toBe(201);
    const stranger = new TestBrowser(bindings);
    await signInByEmail(stranger, sent, "mallory@example.com");
    await ageSessions("lin@example.com");
    await ageSessions("mallory@example.com");

    const reverify = async (browser: TestBrowser) => {
      const { challengeId, options } = await (await browser.json("/api/signin/passkey/options", "POST", {}, onSite)).json<Challenge>();
      return browser.json("/api/account/reverify/passkey", "POST", { challengeId, response: await authenticator.authenticate(options) }, onSite);
    };
    expect((await reverify(stranger)).status).toBe(400);
    await expectReverifyAsked(await stranger.request("/api/account/sign-out-others", { method: "POST" }));
    expect((await reverify(owner)).status).toBe(200);
    expect((await owner.request("/api/account/sign-out-others", { method: "POST" })).status).toBe(200);
  });

  it("does not count an Amazon sign-in for an account with an address (Amazon's answer does not prove the seller id), but does for an Amazon-only one", async () => {
    const { bindings, sent } = emailEnv();
    await registerLwaClient(bindings);
    const laptop = new TestBrowser(bindings);
    const { sellingPartnerId } = await connectSeller(laptop);
    // Amazon-only: its own sign-in is the only way to re-verify.
    expect((await laptop.request("/api/account/sign-out-others", { method: "POST" })).status).toBe(200);

    await laptop.json("/api/account/email", "POST", { email: "seller@example.com" });
    expect((await laptop.json("/api/signin/email/link", "POST", { token: secretsOf(sent, "seller@example.com").token })).status).toBe(200);
    await laptop.request("/api/auth/logout", { method: "POST" });
    expect((await connectSeller(laptop, { sellingPartnerId })).callback.status).toBe(302);
    await expectReverifyAsked(await laptop.request("/api/account/sign-out-others", { method: "POST" }));
    expect((await laptop.request("/api/account/reverify/email", { method: "POST" })).status).toBe(202);
    expect((await laptop.json("/api/account/reverify/email/code", "POST", { code: secretsOf(sent, "seller@example.com").code })).status).toBe(200);
    expect((await laptop.request("/api/account/sign-out-others", { method: "POST" })).status).toBe(200);
  });

  it("spares a fresh sign-in", async () => {
    const { bindings, sent } = emailEnv();
    const laptop = new TestBrowser(bindings);
    await signInByEmail(laptop, sent, "new@example.com");
    expect((await laptop.request("/api/account/sign-out-others", { method: "POST" })).status).toBe(200);
  });
});

import { describe, expect, it } from "vitest";
import { KNOWN_BROWSER_COOKIE } from "../../../worker/auth/known-browser";
import { emailEnv, secretsOf, signInByEmail } from "../support/email-accounts";
import { connectSeller, registerLwaClient, TestBrowser } from "../support/seller-browser";

const statusOf = async (browser: TestBrowser) => (await (await browser.request("/api/user/status")).json<{ authenticated: boolean }>()).authenticated;
const otherSessionsOf = async (browser: TestBrowser) => (await (await browser.request("/api/account")).json<{ otherSessions: number }>()).otherSessions;

describe("signing out every other browser", () => {
  it("ends the account's other sessions at once and keeps this one; another account's sessions stay", async () => {
    const { bindings, sent } = emailEnv();
    const [laptop, phone, lostTablet] = [new TestBrowser(bindings), new TestBrowser(bindings), new TestBrowser(bindings)];
    for (const browser of [laptop, phone, lostTablet]) await signInByEmail(browser, sent, "ada@example.com");
    const stranger = new TestBrowser(bindings);
    await signInByEmail(stranger, sent, "grace@example.com");
    expect(await otherSessionsOf(laptop)).toBe(2);

    const ended = await laptop.request("/api/account/sign-out-others", { method: "POST" });
    expect(ended.status, await ended.clone().text()).toBe(200);
    expect(await ended.json()).toEqual({ ended: 2, forgotBrowsers: true });

    expect(await statusOf(laptop)).toBe(true);
    expect(await statusOf(phone)).toBe(false);
    expect(await statusOf(lostTablet)).toBe(false);
    expect(await statusOf(stranger)).toBe(true);
    expect(await otherSessionsOf(laptop)).toBe(0);
    // Asked again, nothing is left to end.
    expect(await (await laptop.request("/api/account/sign-out-others", { method: "POST" })).json()).toEqual({ ended: 0, forgotBrowsers: true });
  });

  it("needs the session's XSRF token and a session", async () => {
    const { bindings, sent } = emailEnv();
    const [laptop, phone] = [new TestBrowser(bindings), new TestBrowser(bindings)];
    for (const browser of [laptop, phone]) await signInByEmail(browser, sent, "lin@example.com");

    expect((await laptop.request("/api/account/sign-out-others", { method: "POST", omitXsrfHeader: true })).status).toBe(403);
    expect(await statusOf(phone)).toBe(true);
    const anonymous = new TestBrowser(bindings);
    expect((await anonymous.request("/api/account/sign-out-others", { method: "POST" })).status).toBe(401);
  });

  it("makes the other browsers sign in by email or passkey again: Amazon sign-in no longer opens the account there", async () => {
    const { bindings, sent } = emailEnv();
    await registerLwaClient(bindings);
    const laptop = new TestBrowser(bindings);
    const { sellingPartnerId } = await connectSeller(laptop);
    await laptop.json("/api/account/email", "POST", { email: "owner@example.com" });
    expect((await laptop.json("/api/signin/email/link", "POST", { token: secretsOf(sent, "owner@example.com").token })).status).toBe(200);
    // The phone signed in by email once, so Amazon sign-in opens the account there too.
    const phone = new TestBrowser(bindings);
    await signInByEmail(phone, sent, "owner@example.com");
    await phone.request("/api/auth/logout", { method: "POST" });
    expect((await connectSeller(phone, { sellingPartnerId })).callback.status).toBe(302);

    const ended = await laptop.request("/api/account/sign-out-others", { method: "POST" });
    expect(await ended.json()).toEqual({ ended: 1, forgotBrowsers: true });

    const refused = (await connectSeller(phone, { sellingPartnerId })).callback;
    expect(refused.status).toBe(403);
    expect(await refused.text()).toContain("or was signed out of it from another browser");
    expect(await statusOf(phone)).toBe(false);
    // This browser keeps both ways in; the phone gets Amazon back once it signs in by email.
    await laptop.request("/api/auth/logout", { method: "POST" });
    expect((await connectSeller(laptop, { sellingPartnerId })).callback.status).toBe(302);
    await signInByEmail(phone, sent, "owner@example.com");
    await phone.request("/api/auth/logout", { method: "POST" });
    expect((await connectSeller(phone, { sellingPartnerId })).callback.status).toBe(302);
  });

  it("leaves Amazon sign-in in the other browsers of an account that has no other way in, so none is locked out", async () => {
    const { bindings } = emailEnv();
    await registerLwaClient(bindings);
    const laptop = new TestBrowser(bindings);
    const { sellingPartnerId } = await connectSeller(laptop);
    const desktop = new TestBrowser(bindings);
    desktop.cookies.set(KNOWN_BROWSER_COOKIE, laptop.cookies.get(KNOWN_BROWSER_COOKIE)!);
    expect((await connectSeller(desktop, { sellingPartnerId })).callback.status).toBe(302);

    const ended = await laptop.request("/api/account/sign-out-others", { method: "POST" });
    expect(await ended.json()).toEqual({ ended: 1, forgotBrowsers: false });
    expect(await statusOf(desktop)).toBe(false);
    expect((await connectSeller(desktop, { sellingPartnerId })).callback.status).toBe(302);
  });
});

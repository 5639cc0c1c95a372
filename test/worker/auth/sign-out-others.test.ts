import { describe, expect, it } from "vitest";
import { emailEnv, signInByEmail } from "../support/email-accounts";
import { TestBrowser } from "../support/seller-browser";

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
    expect(await ended.json()).toEqual({ ended: 2 });

    expect(await statusOf(laptop)).toBe(true);
    expect(await statusOf(phone)).toBe(false);
    expect(await statusOf(lostTablet)).toBe(false);
    expect(await statusOf(stranger)).toBe(true);
    expect(await otherSessionsOf(laptop)).toBe(0);
    // Asked again, nothing is left to end.
    expect(await (await laptop.request("/api/account/sign-out-others", { method: "POST" })).json()).toEqual({ ended: 0 });
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
});

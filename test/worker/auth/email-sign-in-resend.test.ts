import { describe, expect, it } from "vitest";
import { TestBrowser } from "../support/seller-browser";
import { askForEmail, emailEnv, secretsOf } from "../support/email-accounts";

/**
 * A browser that asked twice (a second click, "Use another address" and the same one again) holds
 * both requests: the first email, which often arrives after the second, still works there.
 */
describe("email sign-in, asked for more than once in one browser", () => {
  it("takes the code of the earlier email, which is still valid, in the browser that asked for it", async () => {
    const { bindings, sent } = emailEnv();
    const browser = new TestBrowser(bindings);
    expect((await askForEmail(browser, "twice@example.com")).status).toBe(202);
    const first = secretsOf(sent, "twice@example.com");
    expect((await askForEmail(browser, "twice@example.com")).status).toBe(202);
    const second = secretsOf(sent, "twice@example.com");
    expect(second.code === first.code && second.token === first.token).toBe(false);

    const res = await browser.json("/api/signin/email/code", "POST", { code: first.code });
    expect(res.status, await res.clone().text()).toBe(200);
    expect(await res.json()).toMatchObject({ purpose: "sign_in", email: "twice@example.com" });
    // The second email's code is still one use of its own, not spent by the first.
    const other = new TestBrowser(bindings);
    expect((await other.json("/api/signin/email/link", "POST", { token: second.token, confirm: true })).status).toBe(200);
  });

  it("signs in at once with the earlier email's link, without asking whether this browser asked for it", async () => {
    const { bindings, sent } = emailEnv();
    const browser = new TestBrowser(bindings);
    await askForEmail(browser, "twice-link@example.com");
    const first = secretsOf(sent, "twice-link@example.com");
    await askForEmail(browser, "twice-link@example.com");

    const res = await browser.json("/api/signin/email/link", "POST", { token: first.token });
    expect(res.status, await res.clone().text()).toBe(200);
    expect(await res.json()).toMatchObject({ purpose: "sign_in", email: "twice-link@example.com" });
  });

  it("counts a wrong code against every request the browser holds, so asking again adds no guesses", async () => {
    const { bindings, sent } = emailEnv();
    const browser = new TestBrowser(bindings);
    await askForEmail(browser, "guess-twice@example.com");
    const first = secretsOf(sent, "guess-twice@example.com");
    await askForEmail(browser, "guess-twice@example.com");
    const second = secretsOf(sent, "guess-twice@example.com");
    const wrong = ["000000", "111111", "222222", "333333", "444444", "555555"].filter((code) => code !== first.code && code !== second.code).slice(0, 5);

    const answers = [];
    for (const code of wrong) {
      const res = await browser.json("/api/signin/email/code", "POST", { code });
      answers.push([res.status, (await res.json<{ detail: string }>()).detail]);
    }
    expect(answers[0]).toEqual([400, "That code is not right: 4 tries left."]);
    expect(answers[4]).toEqual([400, "Too many wrong codes: this email's link and code no longer work. Ask for a new email."]);
    // Both requests are spent: neither code nor link works any more.
    expect((await browser.json("/api/signin/email/code", "POST", { code: first.code })).status).toBe(400);
    expect((await browser.json("/api/signin/email/link", "POST", { token: second.token })).status).toBe(400);
  });

  it("keeps a code from working in a browser that asked for something else", async () => {
    const { bindings, sent } = emailEnv();
    await askForEmail(new TestBrowser(bindings), "theirs@example.com");
    const theirs = secretsOf(sent, "theirs@example.com");
    const browser = new TestBrowser(bindings);
    await askForEmail(browser, "mine@example.com");
    const res = await browser.json("/api/signin/email/code", "POST", { code: theirs.code });
    expect(res.status).toBe(400);
  });
});

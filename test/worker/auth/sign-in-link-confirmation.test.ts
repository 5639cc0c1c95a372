import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { TestBrowser } from "../support/seller-browser";
import { askForEmail, emailEnv, secretsOf, signInByEmail } from "../support/email-accounts";

/**
 * A sign-in link works at once only in the browser that asked for it. Anywhere else it waits for
 * a yes that names its address: anyone can mail themselves a link and send it on (login CSRF).
 */

const accountEmail = async (browser: TestBrowser) => (await (await browser.request("/api/account")).json<{ email: string | null }>()).email;
const usedAt = (email: string) => env.DB.prepare("SELECT used_at FROM email_sign_in_requests WHERE email = ?").bind(email).first<string | null>("used_at");

describe("POST /api/signin/email/link opened in a browser that did not ask for it", () => {
  it("leaves a signed-in victim in their own account until they confirm, and leaves the link unused", async () => {
    const { bindings, sent } = emailEnv();
    const victim = new TestBrowser(bindings);
    await signInByEmail(victim, sent, "victim@example.com");
    // The attacker asks for a link to their own address in their own browser and sends it on.
    await askForEmail(new TestBrowser(bindings), "mallory@example.com");
    const { token } = secretsOf(sent, "mallory@example.com");

    const opened = await victim.json("/api/signin/email/link", "POST", { token });
    expect(opened.status).toBe(202);
    expect(await opened.json()).toEqual({ confirm: true, email: "mallory@example.com", signedIn: true, signedInAs: "victim@example.com" });
    expect(await accountEmail(victim)).toBe("victim@example.com");
    expect(await usedAt("mallory@example.com")).toBeNull();

    // Only a yes switches the browser, and the link is used then.
    const confirmed = await victim.json("/api/signin/email/link", "POST", { token, confirm: true });
    expect(confirmed.status).toBe(200);
    expect(await confirmed.json()).toMatchObject({ purpose: "sign_in", email: "mallory@example.com" });
    expect(await accountEmail(victim)).toBe("mallory@example.com");
    expect(await usedAt("mallory@example.com")).not.toBeNull();
  });

  it("asks once on another device with no session, then signs in", async () => {
    const { bindings, sent } = emailEnv();
    await askForEmail(new TestBrowser(bindings), "phone@example.com");
    const { token } = secretsOf(sent, "phone@example.com");
    const phone = new TestBrowser(bindings);
    const opened = await phone.json("/api/signin/email/link", "POST", { token });
    expect(opened.status).toBe(202);
    expect(await opened.json()).toEqual({ confirm: true, email: "phone@example.com", signedIn: false, signedInAs: null });
    expect(phone.cookies.has("__Host-session")).toBe(false);
    expect((await phone.json("/api/signin/email/link", "POST", { token, confirm: true })).status).toBe(200);
    expect(phone.cookies.has("__Host-session")).toBe(true);
  });

  it("names no address for a link that is used or expired: it is refused as before", async () => {
    const { bindings, sent } = emailEnv();
    const asking = new TestBrowser(bindings);
    await signInByEmail(asking, sent, "used@example.com");
    const used = secretsOf(sent, "used@example.com").token;
    const again = await new TestBrowser(bindings).json("/api/signin/email/link", "POST", { token: used });
    expect(again.status).toBe(400);
    expect(JSON.stringify(await again.json())).not.toContain("used@example.com");

    await askForEmail(new TestBrowser(bindings), "late@example.com");
    const late = secretsOf(sent, "late@example.com").token;
    await env.DB.prepare("UPDATE email_sign_in_requests SET expires_at = ? WHERE email = ?").bind(new Date(Date.now() - 1000).toISOString(), "late@example.com").run();
    expect((await new TestBrowser(bindings).json("/api/signin/email/link", "POST", { token: late })).status).toBe(400);
  });
});

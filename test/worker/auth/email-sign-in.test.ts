import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { TestBrowser } from "../support/seller-browser";
import { askForEmail, emailEnv, secretsOf, signInByEmail, SIGN_IN_SENDER, SITE } from "../support/email-accounts";

const SENT = "We sent a sign-in link and a 6-digit code to that address. They work once, for 15 minutes. Check your spam folder if nothing arrives.";

async function storedRequests(email: string) {
  const { results } = await env.DB.prepare("SELECT * FROM email_sign_in_requests WHERE email = ?").bind(email).all<Record<string, unknown>>();
  return results;
}

describe("email sign-in", () => {
  it("mails a link and a code; the first sign-in makes a Free account with the same __Host-session cookie; the link works once", async () => {
    const { bindings, sent } = emailEnv();
    const browser = new TestBrowser(bindings);
    const asked = await askForEmail(browser, "  Ada@Example.com ");
    expect(asked.status).toBe(202);
    expect(await asked.json()).toEqual({ detail: SENT });
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ to: "ada@example.com", from: { email: SIGN_IN_SENDER } });
    const { token, code } = secretsOf(sent, "ada@example.com");
    expect(sent[0]!.text).toContain(`${SITE}/signin?token=`);

    // Only hashes are stored: neither the token nor the code appear in the row.
    const [row] = await storedRequests("ada@example.com");
    expect(JSON.stringify(row)).not.toContain(token);
    expect(JSON.stringify(row)).not.toContain(code);

    const res = await browser.json("/api/signin/email/link", "POST", { token });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ purpose: "sign_in", created: true, email: "ada@example.com", status: { authenticated: true, connected: false, demo: false } });
    expect(browser.cookies.has("__Host-session")).toBe(true);
    const plan = await (await browser.request("/api/billing/subscription")).json<{ plan_id: string }>();
    expect(plan.plan_id).toBe("free");

    const again = await new TestBrowser(bindings).json("/api/signin/email/link", "POST", { token });
    expect(again.status).toBe(400);
    expect(await again.json()).toEqual({ detail: "This sign-in link is invalid, already used or expired. Ask for a new email.", code: "bad_request" });

    // The second sign-in finds the same account.
    const second = await signInByEmail(new TestBrowser(bindings), sent, "ada@example.com");
    expect(second).toMatchObject({ created: false, email: "ada@example.com" });
    const { results } = await env.DB.prepare("SELECT user_id FROM account_emails WHERE email = ?").bind("ada@example.com").all();
    expect(results).toHaveLength(1);
  });

  it("answers the same for an address with an account and one without", async () => {
    const { bindings, sent } = emailEnv();
    await signInByEmail(new TestBrowser(bindings), sent, "known@example.com");
    const known = await askForEmail(new TestBrowser(bindings), "known@example.com");
    const unknown = await askForEmail(new TestBrowser(bindings), "unknown@example.com");
    expect([known.status, unknown.status]).toEqual([202, 202]);
    expect(await known.json()).toEqual(await unknown.json());
    const last = sent.slice(-2).map((m) => ({ subject: m.subject.replace(/\d{6}/, "N"), text: m.text?.replace(/token=\S+/, "").replace(/\d{6}/, "N") }));
    expect(last[0]).toEqual(last[1]);
  });

  it("signs in with the code only in the browser that asked, and ends the request after 5 wrong codes", async () => {
    const { bindings, sent } = emailEnv();
    const asking = new TestBrowser(bindings);
    await askForEmail(asking, "code@example.com");
    const { code, token } = secretsOf(sent, "code@example.com");

    const elsewhere = await new TestBrowser(bindings).json("/api/signin/email/code", "POST", { code });
    expect(elsewhere.status).toBe(400);
    expect((await elsewhere.json<{ detail: string }>()).detail).toMatch(/^Ask for a sign-in email from this browser first/);

    const wrong = code === "000000" ? "111111" : "000000";
    for (let left = 4; left >= 1; left--) {
      const res = await asking.json("/api/signin/email/code", "POST", { code: wrong });
      expect(await res.json()).toEqual({ detail: `That code is not right: ${left} ${left === 1 ? "try" : "tries"} left.`, code: "bad_request" });
    }
    const fifth = await asking.json("/api/signin/email/code", "POST", { code: wrong });
    expect((await fifth.json<{ detail: string }>()).detail).toMatch(/^Too many wrong codes/);
    // Dead now: the right code and even the link no longer work.
    expect((await asking.json("/api/signin/email/code", "POST", { code })).status).toBe(400);
    expect((await asking.json("/api/signin/email/link", "POST", { token })).status).toBe(400);
    expect(asking.cookies.has("__Host-session")).toBe(false);

    // A fresh request's right code signs in.
    await askForEmail(asking, "code@example.com");
    const fresh = secretsOf(sent, "code@example.com");
    const ok = await asking.json("/api/signin/email/code", "POST", { code: fresh.code });
    expect(ok.status).toBe(200);
    expect(asking.cookies.has("__Host-session")).toBe(true);
  });

  it("refuses an expired link", async () => {
    const { bindings, sent } = emailEnv();
    await askForEmail(new TestBrowser(bindings), "late@example.com");
    const { token } = secretsOf(sent, "late@example.com");
    await env.DB.prepare("UPDATE email_sign_in_requests SET expires_at = ? WHERE email = ?").bind(new Date(Date.now() - 1000).toISOString(), "late@example.com").run();
    expect((await new TestBrowser(bindings).json("/api/signin/email/link", "POST", { token })).status).toBe(400);
  });

  it("refuses what is not an address (422) and says when email is not set up (503)", async () => {
    const { bindings } = emailEnv();
    const bad = await askForEmail(new TestBrowser(bindings), "not-an-address");
    expect(bad.status).toBe(422);
    expect(await bad.json()).toEqual({ detail: [{ loc: ["body", "email"], msg: "Enter an email address like name@example.com.", type: "invalid_format" }], code: "validation_failed" });
    const off = await askForEmail(new TestBrowser(emailEnv({ ALERT_EMAIL_FROM: "" }).bindings), "ada@example.com");
    expect(off.status).toBe(503);
  });
});

describe("sign-in email limits", () => {
  it("sends at most 5 an hour to one address, from any clients, then 429 with Retry-After and the number", async () => {
    const { bindings, sent } = emailEnv();
    for (let i = 0; i < 5; i++) expect((await askForEmail(new TestBrowser(bindings), "bomb@example.com")).status).toBe(202);
    const refused = await askForEmail(new TestBrowser(bindings), "bomb@example.com");
    expect(refused.status).toBe(429);
    const retryAfter = Number(refused.headers.get("Retry-After"));
    expect(retryAfter).toBeGreaterThan(3500);
    expect(retryAfter).toBeLessThanOrEqual(3600);
    expect(await refused.json()).toEqual({
      detail: "Too many sign-in emails: at most 5 sign-in emails an hour go to one address. Try again in 60 minutes.",
      code: "rate_limited",
    });
    expect(sent.filter((m) => m.to === "bomb@example.com")).toHaveLength(5);
  });

  it("lets one client ask for at most 20 an hour, whatever the addresses (no bulk sign-ups)", async () => {
    const { bindings, sent } = emailEnv();
    const ip = "192.0.2.77";
    for (let i = 0; i < 20; i++) expect((await askForEmail(new TestBrowser(bindings), `bulk${i}@example.com`, ip)).status).toBe(202);
    const refused = await askForEmail(new TestBrowser(bindings), "bulk20@example.com", ip);
    expect(refused.status).toBe(429);
    expect((await refused.json<{ detail: string }>()).detail).toMatch(/at most 20 sign-in emails an hour may be asked for from one network/);
    expect(Number(refused.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect(sent).toHaveLength(20);
    // Another client is not held back by this one.
    expect((await askForEmail(new TestBrowser(bindings), "bulk20@example.com", "192.0.2.78")).status).toBe(202);
  });

  it("counts an IPv6 client as its /64, since it can pick any address in it for each request", async () => {
    const { bindings, sent } = emailEnv();
    for (let i = 0; i < 20; i++) expect((await askForEmail(new TestBrowser(bindings), `v6-${i}@example.com`, `2001:db8:7:1::${(i + 1).toString(16)}`)).status).toBe(202);
    const refused = await askForEmail(new TestBrowser(bindings), "v6-20@example.com", "2001:db8:7:1:aaaa:bbbb:cccc:dddd");
    expect(refused.status).toBe(429);
    expect(sent).toHaveLength(20);
    // The next /64 is another subscriber.
    expect((await askForEmail(new TestBrowser(bindings), "v6-20@example.com", "2001:db8:7:2::1")).status).toBe(202);
  });

  it("stops everyone at the global hourly limit", async () => {
    const { bindings } = emailEnv();
    // 1000 sends in the last hour, from other clients to other addresses.
    const now = new Date().toISOString();
    const statements = Array.from({ length: 1000 }, (_, i) =>
      env.DB.prepare(
        "INSERT INTO email_sign_in_requests (id, email, purpose, client_hash, link_hash, code_hash, expires_at, created_at) VALUES (?, ?, 'sign_in', ?, ?, 'c', ?, ?)",
      ).bind(`g${i}`, `g${i}@example.com`, `client${i}`, `link${i}`, now, now),
    );
    await env.DB.batch(statements);
    const refused = await askForEmail(new TestBrowser(bindings), "someone@example.com");
    expect(refused.status).toBe(429);
    expect((await refused.json<{ detail: string }>()).detail).toMatch(/RankLayer is sending too many sign-in emails right now/);
  });
});

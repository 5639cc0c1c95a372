import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { TestBrowser } from "../support/seller-browser";
import { askForEmail, emailEnv, secretsOf } from "../support/email-accounts";

describe("email sign-in codes guessed all at once", () => {
  it("compares at most 5 codes of one request, however many guesses arrive together", async () => {
    const { bindings, sent } = emailEnv();
    const asking = new TestBrowser(bindings);
    await askForEmail(asking, "burst@example.com");
    const { code } = secretsOf(sent, "burst@example.com");
    await asking.request("/api/auth/xsrf");
    const guesses = Array.from({ length: 30 }, (_, i) => String((Number(code) + 1 + i) % 1_000_000).padStart(6, "0"));
    const answers = await Promise.all(guesses.map((guess) => asking.json("/api/signin/email/code", "POST", { code: guess }).then((r) => r.json<{ detail: string }>())));
    // Each wrong code counts once: the tries left go 4, 3, 2, 1, and every later guess finds the request dead.
    const triesLeft = answers.map((a) => /(\d) (?:try|tries) left/.exec(a.detail)?.[1]).filter(Boolean).sort();
    expect(triesLeft).toEqual(["1", "2", "3", "4"]);
    expect(answers.filter((a) => a.detail.startsWith("Too many wrong codes"))).toHaveLength(26);
    const row = await env.DB.prepare("SELECT attempts FROM email_sign_in_requests WHERE email = ?").bind("burst@example.com").first<{ attempts: number }>();
    expect(row!.attempts).toBe(5);
    // Dead: the right code no longer signs in.
    expect((await asking.json("/api/signin/email/code", "POST", { code })).status).toBe(400);
    expect(asking.cookies.has("__Host-session")).toBe(false);
  });

  it("signs in with the right code after fewer than 5 wrong ones sent together", async () => {
    const { bindings, sent } = emailEnv();
    const asking = new TestBrowser(bindings);
    await askForEmail(asking, "three-wrong@example.com");
    const { code } = secretsOf(sent, "three-wrong@example.com");
    await asking.request("/api/auth/xsrf");
    const wrong = [1, 2, 3].map((i) => String((Number(code) + i) % 1_000_000).padStart(6, "0"));
    await Promise.all(wrong.map((guess) => asking.json("/api/signin/email/code", "POST", { code: guess })));
    const res = await asking.json("/api/signin/email/code", "POST", { code });
    expect(res.status, await res.clone().text()).toBe(200);
    expect(asking.cookies.has("__Host-session")).toBe(true);
  });
});

describe("email sign-in codes guessed over a day", () => {
  it("sends one address at most 10 codes a rolling day (50 guesses), with a message that says so", async () => {
    const { bindings } = emailEnv();
    const guesser = new TestBrowser(bindings);
    const address = "daily@example.com";
    // Two hours' worth of the hourly limit, each moved back past the hour.
    for (const hoursAgo of [3, 2]) {
      for (let i = 0; i < 5; i++) expect((await askForEmail(guesser, address)).status).toBe(202);
      const earlier = new Date(Date.now() - hoursAgo * 60 * 60 * 1000).toISOString();
      await env.DB.prepare("UPDATE email_sign_in_requests SET created_at = ? WHERE email = ? AND created_at > ?").bind(earlier, address, new Date(Date.now() - 60_000).toISOString()).run();
    }
    const refused = await askForEmail(guesser, address);
    expect(refused.status).toBe(429);
    expect((await refused.json<{ detail: string }>()).detail).toMatch(/^Too many sign-in emails: at most 10 sign-in emails a day go to one address/);
    expect(Number(refused.headers.get("Retry-After"))).toBeGreaterThan(20 * 60 * 60);
    // Another address is not held up.
    expect((await askForEmail(guesser, "other@example.com")).status).toBe(202);
  });
});

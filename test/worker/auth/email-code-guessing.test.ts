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

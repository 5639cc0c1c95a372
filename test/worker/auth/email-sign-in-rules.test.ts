import { describe, expect, it } from "vitest";
import {
  checkCode,
  codeHashOf,
  limitDetail,
  MAX_CODE_ATTEMPTS,
  newSignInSecrets,
  normalizeEmail,
  sendDecision,
  SIGN_IN_LIMITS,
  signInEmail,
  signInLink,
} from "../../../worker/auth/email-sign-in";

const NOW = Date.UTC(2026, 10, 26, 12, 0);
const empty = { count: 0, oldestAt: null };

describe("email sign-in rules", () => {
  it("normalizes addresses and refuses what is not one (including header-breaking characters)", () => {
    expect(normalizeEmail("  Ada@Example.COM ")).toBe("ada@example.com");
    // The DNS root's dot reaches the same mailbox: one account, not two.
    expect(normalizeEmail("Ada@Example.com.")).toBe("ada@example.com");
    expect(normalizeEmail("ada@example.com..")).toBeNull();
    expect(normalizeEmail("ada@example.")).toBeNull();
    // One address, two Unicode spellings: stored composed (NFC), so both find one account.
    expect(normalizeEmail("Jose\u0301@example.com")).toBe("jos\u00e9@example.com");
    for (const bad of ["", "ada", "ada@", "@example.com", "ada@example", "a b@example.com", "ada@example.com\r\nBcc: x@y.z", "<ada@example.com>", `${"a".repeat(250)}@example.com`]) {
      expect(normalizeEmail(bad), bad).toBeNull();
    }
  });

  it("draws a 32-byte link token and a 6-digit code, different every time", () => {
    const a = newSignInSecrets();
    const b = newSignInSecrets();
    expect(a.linkToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(a.code).toMatch(/^\d{6}$/);
    expect(a.linkToken).not.toBe(b.linkToken);
    // A fixed random source gives a fixed code: the zero-padded value mod 10^6.
    expect(newSignInSecrets((bytes) => bytes.fill(0)).code).toBe("000000");
  });

  it("binds a code's hash to its request", async () => {
    expect(await codeHashOf("req-1", "123456")).toBe(await codeHashOf("req-1", "123456"));
    expect(await codeHashOf("req-1", "123456")).not.toBe(await codeHashOf("req-2", "123456"));
  });

  it("allows sending under every limit and says which limit stops it and when it frees up", () => {
    const window = { address: { count: 4, oldestAt: null }, addressDay: { count: 9, oldestAt: null }, client: { count: 19, oldestAt: null }, global: { count: 999, oldestAt: null } };
    expect(sendDecision(window, SIGN_IN_LIMITS, NOW)).toEqual({ allowed: true });

    const oldest = new Date(NOW - 50 * 60_000).toISOString();
    const byAddress = sendDecision({ ...window, address: { count: 5, oldestAt: oldest } }, SIGN_IN_LIMITS, NOW);
    expect(byAddress).toEqual({ allowed: false, scope: "address", limit: 5, retryAfterSeconds: 600 });
    expect(limitDetail(byAddress as Extract<typeof byAddress, { allowed: false }>)).toBe(
      "Too many sign-in emails: at most 5 sign-in emails an hour go to one address. Try again in 10 minutes.",
    );
    expect(sendDecision({ address: empty, addressDay: empty, client: { count: 20, oldestAt: oldest }, global: empty }, SIGN_IN_LIMITS, NOW)).toMatchObject({ scope: "client", limit: 20 });
    expect(sendDecision({ address: empty, addressDay: empty, client: empty, global: { count: 1000, oldestAt: oldest } }, SIGN_IN_LIMITS, NOW)).toMatchObject({ scope: "global" });
  });

  it("caps one address at 10 emails (50 code guesses) a rolling day, whatever the hour allows", () => {
    const dayOldest = new Date(NOW - 23 * 60 * 60_000).toISOString();
    const byDay = sendDecision({ address: { count: 1, oldestAt: null }, addressDay: { count: 10, oldestAt: dayOldest }, client: empty, global: empty }, SIGN_IN_LIMITS, NOW);
    expect(byDay).toEqual({ allowed: false, scope: "address_day", limit: 10, retryAfterSeconds: 3600 });
    expect(limitDetail(byDay as Extract<typeof byDay, { allowed: false }>)).toBe(
      "Too many sign-in emails: at most 10 sign-in emails a day go to one address, so its codes cannot be guessed at. Try again in 60 minutes.",
    );
  });

  it("judges codes: right, wrong, out of tries, expired, used", () => {
    const live = { codeHash: "h", attempts: 0, expiresAt: new Date(NOW + 60_000).toISOString(), usedAt: null };
    expect(checkCode(live, "h", NOW)).toBe("ok");
    expect(checkCode(live, "x", NOW)).toBe("wrong");
    expect(checkCode({ ...live, attempts: MAX_CODE_ATTEMPTS }, "h", NOW)).toBe("exhausted");
    expect(checkCode({ ...live, expiresAt: new Date(NOW).toISOString() }, "h", NOW)).toBe("expired");
    expect(checkCode({ ...live, usedAt: new Date(NOW).toISOString() }, "h", NOW)).toBe("used");
  });

  it("writes the message with a plain-text part, the link to /signin and the code; the address only in `to`", () => {
    const link = signInLink("https://app.ranklayer.example", "tok_en");
    expect(link).toBe("https://app.ranklayer.example/signin?token=tok_en");
    const message = signInEmail({ to: "ada@example.com", from: "signin@ranklayer.example", link, code: "042917", purpose: "sign_in" });
    expect(message.subject).toBe("Your RankLayer sign-in code: 042917");
    expect(message.text).toContain(link);
    expect(message.text).toContain("042917");
    expect(message.html).toContain(`href="${link}"`);
    expect(message.subject).not.toContain("ada");
    expect(message.from).toEqual({ name: "RankLayer", email: "signin@ranklayer.example" });
  });

  it("offers the code in the mail that adds an address too, to type where the account is signed in (the mail is often read on a phone)", () => {
    const link = signInLink("https://app.ranklayer.example", "tok_en");
    const message = signInEmail({ to: "ada@example.com", from: "signin@ranklayer.example", link, code: "042917", purpose: "add_email" });
    expect(message.subject).toBe("Confirm your email address for RankLayer");
    expect(message.text).toContain(link);
    expect(message.text).toContain("Or type this code in Settings → Account, in the browser where you are signed in: 042917");
    expect(message.html).toContain("042917");
    expect(message.text).toContain("The link and the code work once, for 15 minutes.");
    expect(message.text).toContain("give the code to no one");
  });
});

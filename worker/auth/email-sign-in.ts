import { sha256Hex } from "../shared/hmac";
import { DAY_MS, HOUR_MS, utcMinuteText } from "../contract/time";
import { asciiDomain, withoutRootDot } from "../contract/email-domain";
import { escapeHtml } from "../shared/html";
import { base64UrlEncode } from "./signing-key";

/**
 * Email sign-in, the pure part: addresses, the one-time secrets and their hashes, the sending
 * limits and the message. No I/O here (email-sign-in-store.ts holds the D1 side).
 */

/** A link and code work this long. */
export const SIGN_IN_LIFETIME_MS = 15 * 60 * 1000;
/** Wrong codes one request takes before it is dead (a 6-digit code is guessable; its link is not). */
export const MAX_CODE_ATTEMPTS = 5;

/** Sending limits per rolling hour (and one per rolling day): mail-bombing an address or minting accounts in bulk stops here. */
export const SIGN_IN_LIMITS = {
  /** Messages to one address. */
  perAddress: 5,
  /**
   * Messages to one address in a rolling day: each carries a code worth 5 guesses, so the hourly
   * limit alone let one address's codes be guessed 600 times a day; this keeps it to 50.
   */
  perAddressPerDay: 10,
  /** Messages asked for by one client (IP address), whatever the addresses. */
  perClient: 20,
  /** Messages the whole deployment sends. */
  global: 1000,
} as const;
export type SignInLimits = { readonly perAddress: number; readonly perAddressPerDay: number; readonly perClient: number; readonly global: number };

export const MAX_EMAIL_LENGTH = 254;
/** Deliberately plain: one @, no spaces or angle brackets or control characters, a dot in the domain. */
const EMAIL_SHAPE = /^[^\s@<>()[\]\\,;:"\u0000-\u001f\u007f]+@[^\s@<>()[\]\\,;:"\u0000-\u001f\u007f]+\.[^\s@<>()[\]\\,;:"\u0000-\u001f\u007f]+$/;

/**
 * The stored form of an address (trimmed, lower case, Unicode composed: NFC, the domain as its
 * IDNA A-label), or null when it is not one. One mailbox typed two ways must not make two
 * accounts: "José" with a decomposed "é" (e + U+0301), or `bücher.de` and `xn--bcher-kva.de`.
 * The A-label is what Email Service is sent and what screens show: it needs no converter back,
 * and it cannot pass a look-alike domain off as another (аpple.com with a Cyrillic "а").
 */
export function normalizeEmail(input: string): string | null {
  const typed = withoutRootDot(input.trim().normalize("NFC").toLowerCase());
  if (typed.length === 0 || typed.length > MAX_EMAIL_LENGTH || !EMAIL_SHAPE.test(typed)) return null;
  const at = typed.lastIndexOf("@");
  const domain = asciiDomain(typed.slice(at + 1));
  // An empty label (`example..com`, `.example.com`, a second root dot) is no mail domain.
  if (!domain || domain.startsWith(".") || domain.includes("..") || domain.endsWith(".")) return null;
  const email = `${typed.slice(0, at)}@${domain}`;
  return email.length > MAX_EMAIL_LENGTH ? null : email;
}

export interface SignInSecrets {
  /** 32 random bytes, base64url: the link's token. */
  linkToken: string;
  /** Six decimal digits, uniformly drawn. */
  code: string;
}

export function newSignInSecrets(random: (bytes: Uint8Array) => Uint8Array = (b) => crypto.getRandomValues(b)): SignInSecrets {
  const linkToken = base64UrlEncode(random(new Uint8Array(32)));
  // Rejection sampling over 32-bit words: no digit is likelier than another.
  const limit = Math.floor(0x1_0000_0000 / 1_000_000) * 1_000_000;
  let value: number;
  do value = new DataView(random(new Uint8Array(4)).buffer).getUint32(0);
  while (value >= limit);
  return { linkToken, code: String(value % 1_000_000).padStart(6, "0") };
}

export const linkHashOf = (linkToken: string) => sha256Hex(`link:${linkToken}`);
/** The code is hashed with its request's id: the same code of another request does not match. */
export const codeHashOf = (requestId: string, code: string) => sha256Hex(`code:${requestId}:${code}`);

/** What the rolling hour holds so far (the address's rolling day too): counts and the oldest send of each. */
export interface SendWindow {
  address: { count: number; oldestAt: string | null };
  addressDay: { count: number; oldestAt: string | null };
  client: { count: number; oldestAt: string | null };
  global: { count: number; oldestAt: string | null };
}

export type SendDecision = { allowed: true } | { allowed: false; scope: "address" | "address_day" | "client" | "global"; retryAfterSeconds: number; limit: number };

/** Whether one more message may go now; when not, which limit and when it frees up. */
export function sendDecision(window: SendWindow, limits: SignInLimits, now: number): SendDecision {
  const checks = [
    ["address", window.address, limits.perAddress, HOUR_MS],
    ["address_day", window.addressDay, limits.perAddressPerDay, DAY_MS],
    ["client", window.client, limits.perClient, HOUR_MS],
    ["global", window.global, limits.global, HOUR_MS],
  ] as const;
  for (const [scope, seen, limit, span] of checks) {
    if (seen.count < limit) continue;
    const frees = seen.oldestAt ? Date.parse(seen.oldestAt) + span : now + span;
    return { allowed: false, scope, limit, retryAfterSeconds: Math.max(1, Math.ceil((frees - now) / 1000)) };
  }
  return { allowed: true };
}

/** The 429 wording of each limit: says the number, never whether the address has an account. */
export function limitDetail(decision: Extract<SendDecision, { allowed: false }>): string {
  const minutes = Math.ceil(decision.retryAfterSeconds / 60);
  const what = {
    address: `at most ${decision.limit} sign-in emails an hour go to one address`,
    address_day: `at most ${decision.limit} sign-in emails a day go to one address, so its codes cannot be guessed at`,
    client: `at most ${decision.limit} sign-in emails an hour may be asked for from one network`,
    global: "RankLayer is sending too many sign-in emails right now",
  }[decision.scope];
  return `Too many sign-in emails: ${what}. Try again in ${minutes} minute${minutes === 1 ? "" : "s"}.`;
}

export type CodeCheck = "ok" | "wrong" | "exhausted" | "expired" | "used";

export interface StoredRequest {
  codeHash: string;
  attempts: number;
  expiresAt: string;
  usedAt: string | null;
}

/** Judges a typed code against its request. A request past its tries or time never matches again. */
export function checkCode(request: StoredRequest, typedCodeHash: string, now: number): CodeCheck {
  if (request.usedAt) return "used";
  if (Date.parse(request.expiresAt) <= now) return "expired";
  if (request.attempts >= MAX_CODE_ATTEMPTS) return "exhausted";
  return request.codeHash === typedCodeHash ? "ok" : "wrong";
}

export type SignInPurpose = "sign_in" | "add_email";

/**
 * The message: a link and a code, in plain text and HTML. The address goes in `to` only, already
 * validated. Adding an address works only where the account is signed in: its link must be opened
 * there, or its code typed in Settings → Account there (the mail is often read on a phone, and the
 * link alone would then be refused there); a code works only for the account that asked.
 */
export function signInEmail(input: { to: string; from: string; link: string; code: string; purpose: SignInPurpose }): EmailMessageBuilder {
  const { to, from, link, code, purpose } = input;
  const signIn = purpose === "sign_in";
  const subject = signIn ? `Your RankLayer sign-in code: ${code}` : "Confirm your email address for RankLayer";
  const action = signIn ? "sign in to RankLayer" : "add this address to your RankLayer account (in the browser where you are signed in to it)";
  const typeCode = signIn ? "Or type this code in the page you asked from:" : "Or type this code in Settings → Account, in the browser where you are signed in:";
  const ignore = "If you did not ask for this, ignore this email, and give the code to no one: nothing happens without the link or the code.";
  const lifetime = "The link and the code work once, for 15 minutes.";
  return {
    from: { name: "RankLayer", email: from },
    to,
    subject,
    text: [`Open this link to ${action}:`, link, "", `${typeCode} ${code}`, "", lifetime, ignore].join("\n"),
    html: [
      `<p><a href="${escapeHtml(link)}">Open this link to ${action}</a>.</p>`,
      `<p>${escapeHtml(typeCode)} <strong style="font-size:1.4em;letter-spacing:0.1em">${code}</strong></p>`,
      `<p>${lifetime}</p>`,
      `<p style="color:#666">${ignore}</p>`,
    ].join("\n"),
  };
}

/**
 * The notice to an account's earlier address once a new one is confirmed: whoever holds the
 * account (a stolen session included) can move its sign-in to a mailbox they own, and the earlier
 * address is the one its owner still reads.
 */
export function addressChangedEmail(input: { to: string; from: string; newEmail: string; changedAt: string; siteOrigin: string }): EmailMessageBuilder {
  const { to, from, newEmail, changedAt, siteOrigin } = input;
  const contact = new URL("/contact", siteOrigin).href;
  const lines = [
    `The email address that signs in to your RankLayer account changed from ${to} to ${newEmail} at ${utcMinuteText(changedAt)}.`,
    `This address no longer signs in to it.`,
    `If you made this change, there is nothing to do. If you did not, tell us at once: ${contact}`,
  ];
  return {
    from: { name: "RankLayer", email: from },
    to,
    subject: "Your RankLayer sign-in address was changed",
    text: lines.join("\n\n"),
    html: [
      `<p>${escapeHtml(lines[0]!)}</p>`,
      `<p>${escapeHtml(lines[1]!)}</p>`,
      `<p>If you made this change, there is nothing to do. If you did not, <a href="${escapeHtml(contact)}">tell us at once</a>.</p>`,
    ].join("\n"),
  };
}

/** The link in the email: the SPA's /signin page, which posts the token (a mail scanner's GET uses nothing). */
export function signInLink(siteOrigin: string, linkToken: string): string {
  const url = new URL("/signin", siteOrigin);
  url.searchParams.set("token", linkToken);
  return url.href;
}

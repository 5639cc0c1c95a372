import { sha256Hex } from "../shared/hmac";
import type { EmailSender } from "../upstreams/email/sender";
import {
  checkCode,
  codeHashOf,
  linkHashOf,
  MAX_CODE_ATTEMPTS,
  newSignInSecrets,
  sendDecision,
  SIGN_IN_LIFETIME_MS,
  SIGN_IN_LIMITS,
  signInEmail,
  signInLink,
  type SendDecision,
  type SignInLimits,
  type SignInPurpose,
} from "./email-sign-in";
import {
  accountOfEmail,
  confirmAccountEmail,
  createEmailAccount,
  emailOfAccount,
  findRequest,
  findRequestByLinkHash,
  insertSignInRequest,
  liveAddEmailRequestIds,
  sendWindowOf,
  tryCode,
  useRequest,
  type EmailUserRecord,
  type SignInRequestRecord,
} from "./email-sign-in-store";

/** Email sign-in as use cases: send a link and code, then redeem one of them exactly once. */

export interface SendInput {
  email: string;
  /** The caller's network (clientAddressBucket of CF-Connecting-IP: an IPv6 /64); only its hash is stored. */
  client: string;
  purpose: SignInPurpose;
  /** add_email: the signed-in account. */
  userId: string | null;
}

export interface MailSetup {
  sender: EmailSender;
  from: string;
  siteOrigin: string;
  limits: SignInLimits;
}

export type SendResult = { sent: true; requestId: string } | ({ sent: false } & Extract<SendDecision, { allowed: false }>);

/**
 * Stores a request (hashes only) and mails its link and code, unless a limit says no. What
 * happens does not depend on whether the address has an account.
 */
export async function sendSignInEmail(db: D1Database, mail: MailSetup, input: SendInput, nowMs = Date.now()): Promise<SendResult> {
  const clientHash = await sha256Hex(`client:${input.client}`);
  const decision = sendDecision(await sendWindowOf(db, input.email, clientHash, nowMs), mail.limits, nowMs);
  if (!decision.allowed) return { sent: false, ...decision };

  const requestId = crypto.randomUUID();
  const { linkToken, code } = newSignInSecrets();
  await insertSignInRequest(
    db,
    {
      id: requestId,
      email: input.email,
      purpose: input.purpose,
      userId: input.userId,
      clientHash,
      linkHash: await linkHashOf(linkToken),
      codeHash: await codeHashOf(requestId, code),
      createdAt: new Date(nowMs).toISOString(),
      expiresAt: new Date(nowMs + SIGN_IN_LIFETIME_MS).toISOString(),
    },
    nowMs,
  );
  const link = signInLink(mail.siteOrigin, linkToken);
  await mail.sender.send(signInEmail({ to: input.email, from: mail.from, link, code, purpose: input.purpose }));
  return { sent: true, requestId };
}

export type Redeemed =
  | { ok: true; purpose: "sign_in"; user: EmailUserRecord; email: string; created: boolean }
  | { ok: true; purpose: "add_email"; userId: string; email: string; previousEmail: string | null }
  | { ok: false; failure: "invalid" | "taken" | "wrong_code" | "exhausted" | "other_account"; triesLeft?: number }
  | { ok: false; failure: "confirm"; email: string };

/** The browser that opens a link: who is signed in there, and which request (if any) it made. */
export interface LinkBrowser {
  signedInUserId: string | null;
  /** The ids in the browser's sign-in request cookie: it asked for these emails itself. */
  requestIds: readonly string[];
  /** The person said yes to signing in as the link's address (after a "confirm" answer). */
  confirmed: boolean;
}

/**
 * A link's token: valid, unused and unexpired, it is used up now. A link that adds an address
 * works only where its account is signed in (`signedInUserId`): anyone can ask to add any
 * address, and its owner clicking an unasked-for link must not hand the address (and its future
 * sign-ins) to that account. Opened elsewhere it is refused and left unused.
 *
 * A sign-in link opened in a browser that did not ask for it is left unused too, and answers
 * "confirm" with its address until the person says yes: anyone can mail themselves a link and
 * send it on, and opening it must not silently put the opener into the sender's account (login
 * CSRF), where they would connect their seller account or add a passkey. The asking browser
 * (its request cookie) signs in at once; another device takes one click.
 */
export async function redeemLink(db: D1Database, linkToken: string, browser: LinkBrowser, nowMs = Date.now()): Promise<Redeemed> {
  const request = await findRequestByLinkHash(db, await linkHashOf(linkToken));
  if (request?.purpose === "add_email" && request.userId !== browser.signedInUserId) return { ok: false, failure: "other_account" };
  if (request?.purpose === "sign_in" && !browser.requestIds.includes(request.id) && !browser.confirmed && isLive(request, nowMs)) {
    return { ok: false, failure: "confirm", email: request.email };
  }
  if (!request || !(await useRequest(db, request.id, new Date(nowMs).toISOString(), MAX_CODE_ATTEMPTS))) return { ok: false, failure: "invalid" };
  return complete(db, request, nowMs);
}

/**
 * A typed code, for requests of one purpose (a sign-in: those this browser started; adding an
 * address: the signed-in account's), newest first: the first whose code it is is used. A wrong
 * code counts a try against each live one, so asking again never adds guesses: five wrong codes
 * end them all, links included.
 */
export async function redeemCode(db: D1Database, requestIds: readonly string[], code: string, nowMs = Date.now(), purpose: SignInPurpose = "sign_in"): Promise<Redeemed> {
  const nowIso = new Date(nowMs).toISOString();
  let triesLeft: number | null = null;
  for (const requestId of requestIds) {
    const tried = await tryCode(db, requestId, purpose, await codeHashOf(requestId, code), nowIso, MAX_CODE_ATTEMPTS);
    if (tried?.usedAt) return complete(db, tried, nowMs);
    if (tried) triesLeft = Math.max(triesLeft ?? 0, MAX_CODE_ATTEMPTS - tried.attempts);
  }
  if (triesLeft !== null) return triesLeft > 0 ? { ok: false, failure: "wrong_code", triesLeft } : { ok: false, failure: "exhausted" };
  // Nothing was compared: say why (out of tries reads differently from used or expired).
  const newest = requestIds[0] ? await findRequest(db, requestIds[0]) : null;
  return newest && checkCode(newest, "", nowMs) === "exhausted" ? { ok: false, failure: "exhausted" } : { ok: false, failure: "invalid" };
}

/**
 * A code typed in Settings → Account, for an address the signed-in account asked to add: tried
 * against that account's live add_email requests only (its session is the proof the link would
 * give by being opened there), with the same tries as a sign-in code. "invalid" when none is live.
 */
export async function redeemAddEmailCode(db: D1Database, userId: string, code: string, nowMs = Date.now()): Promise<Redeemed> {
  const requestIds = await liveAddEmailRequestIds(db, userId, new Date(nowMs).toISOString(), MAX_CODE_ATTEMPTS, SIGN_IN_LIMITS.perAddress);
  if (requestIds.length === 0) return { ok: false, failure: "invalid" };
  return redeemCode(db, requestIds, code, nowMs, "add_email");
}

/** What useRequest would accept: unused, unexpired and with tries left. */
function isLive(request: SignInRequestRecord, nowMs: number): boolean {
  return !request.usedAt && Date.parse(request.expiresAt) > nowMs && request.attempts < MAX_CODE_ATTEMPTS;
}

async function complete(db: D1Database, request: SignInRequestRecord, nowMs: number): Promise<Redeemed> {
  const nowIso = new Date(nowMs).toISOString();
  if (request.purpose === "add_email") {
    if (!request.userId) return { ok: false, failure: "invalid" };
    const earlier = await emailOfAccount(db, request.userId);
    const result = await confirmAccountEmail(db, request.userId, request.email, nowIso);
    if (result !== "ok") return { ok: false, failure: "taken" };
    return { ok: true, purpose: "add_email", userId: request.userId, email: request.email, previousEmail: earlier !== request.email ? earlier : null };
  }
  const existing = await accountOfEmail(db, request.email);
  if (existing) return { ok: true, purpose: "sign_in", user: existing, email: request.email, created: false };
  return { ok: true, purpose: "sign_in", user: await createEmailAccount(db, request.email, nowIso), email: request.email, created: true };
}

import { ApiError } from "../shared/api-error";
import type { SignedInAccount } from "../env";

const MINUTE_MS = 60 * 1000;

/**
 * A stolen session (an unlocked laptop, a copied cookie) must not be able to lock the owner out:
 * changing the address, adding or removing a passkey, signing out other browsers, deleting the account and
 * minting API keys ask for a sign-in or a re-verification (passkey, emailed code, Amazon sign-in)
 * within this window, as GitHub's sudo mode and Google do.
 */
const RECENT_SIGN_IN_MS = 15 * MINUTE_MS;

const RECENT_SIGN_IN_REQUIRED =
  "For your safety, confirm it is you first: you signed in more than 15 minutes ago. Use your passkey or a code we email you (or sign in with Amazon again), then try again. Nothing was changed.";

/** Whether the session's person signed in or re-verified within RECENT_SIGN_IN_MS of `nowMs`. */
export function signedInRecently(verifiedAtIso: string, nowMs: number): boolean {
  const verifiedAt = Date.parse(verifiedAtIso);
  return Number.isFinite(verifiedAt) && nowMs - verifiedAt < RECENT_SIGN_IN_MS && verifiedAt <= nowMs + MINUTE_MS;
}

/**
 * 403 `recent_sign_in_required` unless the session is recent. A demo account is spared: it has no
 * address, passkey or Amazon grant to re-verify with, holds only sample data, and lives in one browser.
 */
export function requireRecentSignIn(account: SignedInAccount, nowMs = Date.now()): void {
  if (account.user.isDemo || signedInRecently(account.verifiedAt, nowMs)) return;
  throw new ApiError(403, "recent_sign_in_required", RECENT_SIGN_IN_REQUIRED);
}

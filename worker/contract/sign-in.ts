import type { UserStatus } from "./user-status";

/** The answers of /api/signin, /api/passkeys and /api/account, as the web app reads them (types only: no validator ships). */

export interface SignedIn {
  purpose: "sign_in" | "add_email";
  created: boolean;
  email: string | null;
  status: UserStatus | null;
}

/** A sign-in link opened in a browser that did not ask for it (202): used only once the person says yes. */
export interface SignInLinkConfirmation {
  confirm: true;
  email: string;
  signedIn: boolean;
  signedInAs: string | null;
}

export interface PasskeyInfo {
  id: string;
  name: string;
  createdAt: string;
  lastUsedAt: string | null;
}

export interface AccountOverview {
  email: string | null;
  sellingPartnerId: string | null;
  demo: boolean;
  waysIn: { passkeys: number; email: boolean; amazon: boolean };
  /** Other browsers signed in to the account now. */
  otherSessions: number;
  /** What "Delete my account" asks to be typed. */
  deletionPhrase: string;
}

/** What an account held when it was erased. */
export interface ErasedSummary {
  sessions: number;
  apiKeys: number;
  alerts: number;
  notifications: number;
  watchlist: number;
  passkeys: number;
  refreshToken: boolean;
  email: string | null;
}

export interface AccountDeleted {
  deleted: true;
  subscription: "canceled" | "none";
  erased: ErasedSummary;
  kept: string[];
}

export interface SessionsEnded {
  ended: number;
  /** The other browsers must sign in by email or passkey again: Amazon sign-in alone no longer opens the account there. */
  forgotBrowsers: boolean;
}

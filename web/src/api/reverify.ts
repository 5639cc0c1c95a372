import { startAuthentication } from "@simplewebauthn/browser";
import { ApiError } from "./api-error";
import { postJson } from "./sign-in";

// Confirming it is you before a sensitive account change (the server's recent_sign_in_required).

/** The answer that asks for a fresh sign-in before the change: re-verify, then retry it. */
export function needsRecentSignIn(error: unknown): boolean {
  return error instanceof ApiError && error.code === "recent_sign_in_required";
}

/** Asks the browser for one of the account's passkeys; the session counts as freshly signed in. */
export async function reverifyWithPasskey(): Promise<void> {
  const { challengeId, options } = await (await postJson("/api/signin/passkey/options")).json();
  const response = await startAuthentication({ optionsJSON: options });
  await postJson("/api/account/reverify/passkey", { challengeId, response });
}

/** Mails a 6-digit code to the account's own address; resolves with the answer's words. */
export async function sendReverifyCode(): Promise<string> {
  return ((await (await postJson("/api/account/reverify/email")).json()) as { detail: string }).detail;
}

export async function reverifyWithCode(code: string): Promise<void> {
  await postJson("/api/account/reverify/email/code", { code });
}

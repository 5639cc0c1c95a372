import { startAuthentication, startRegistration } from "@simplewebauthn/browser";
import type { AccountDeleted, PasskeyInfo, SessionsEnded, SignedIn, SignInLinkConfirmation } from "@contract/sign-in";
import { apiFetch } from "./http";

// Email sign-in, passkeys and the account's own routes (issue 27).

/** A POST of a JSON body (an empty object by default) to the API's own routes; reverify.ts's too. */
export function postJson(path: string, body: unknown = {}): Promise<Response> {
  return apiFetch(path, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) });
}

/** Emails a link and a code; resolves with the answer's words (the same for every address). */
export async function requestSignInEmail(email: string): Promise<string> {
  return ((await (await postJson("/api/signin/email", { email })).json()) as { detail: string }).detail;
}

/** Signs in with an emailed link; a link this browser did not ask for first answers a confirmation (202), until `confirm`. */
export async function signInWithLink(token: string, confirm = false): Promise<SignedIn | SignInLinkConfirmation> {
  return (await postJson("/api/signin/email/link", confirm ? { token, confirm } : { token })).json();
}

export async function signInWithCode(code: string): Promise<SignedIn> {
  return (await postJson("/api/signin/email/code", { code })).json();
}

/** Asks the browser for a passkey of this site and signs in with it. */
export async function signInWithPasskey(): Promise<SignedIn> {
  const { challengeId, options } = await (await postJson("/api/signin/passkey/options")).json();
  const response = await startAuthentication({ optionsJSON: options });
  return (await postJson("/api/signin/passkey", { challengeId, response })).json();
}

export async function fetchPasskeys(signal?: AbortSignal): Promise<PasskeyInfo[]> {
  return ((await (await apiFetch("/api/passkeys", { signal })).json()) as { passkeys: PasskeyInfo[] }).passkeys;
}

/** Makes a passkey on this device and adds it to the account. */
export async function addPasskey(name: string): Promise<PasskeyInfo> {
  const { challengeId, options } = await (await postJson("/api/passkeys/registration/options")).json();
  const response = await startRegistration({ optionsJSON: options });
  return (await postJson("/api/passkeys/registration", { challengeId, name: name || undefined, response })).json();
}

export async function renamePasskey(id: string, name: string): Promise<PasskeyInfo> {
  const res = await apiFetch(`/api/passkeys/${encodeURIComponent(id)}`, {
    method: "PATCH",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ name }),
  });
  return res.json();
}

export async function removePasskey(id: string): Promise<void> {
  await apiFetch(`/api/passkeys/${encodeURIComponent(id)}`, { method: "DELETE" });
}

export async function addAccountEmail(email: string): Promise<string> {
  return ((await (await postJson("/api/account/email", { email })).json()) as { detail: string }).detail;
}

/** Confirms the address being added with the code from its email (the mail read on another device). */
export async function confirmAccountEmailCode(code: string): Promise<SignedIn> {
  return (await postJson("/api/account/email/code", { code })).json();
}

export async function deleteAccount(confirm: string): Promise<AccountDeleted> {
  const res = await apiFetch("/api/account", { method: "DELETE", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ confirm }) });
  return res.json();
}

/** Ends every other browser's session of the account; this one stays signed in. */
export async function signOutOtherBrowsers(): Promise<SessionsEnded> {
  return (await postJson("/api/account/sign-out-others")).json();
}


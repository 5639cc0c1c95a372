import type {
  AuthenticationResponseJSON,
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
  RegistrationResponseJSON,
} from "@simplewebauthn/server";
import { base64UrlDecode, base64UrlEncode } from "./signing-key";
import {
  findPasskey,
  insertChallenge,
  insertPasskey,
  listPasskeys,
  recordPasskeyUse,
  takeChallenge,
  type PasskeyRecord,
} from "./passkeys-store";

/**
 * Passkeys (WebAuthn) through @simplewebauthn/server, which needs only WebCrypto and so runs in
 * workerd. The relying party is the page's own host: SITE_URL's, or the host a local
 * `wrangler dev` serves (browse it as http://localhost:8787; browsers refuse an IP address as
 * an RP ID).
 */

/**
 * @simplewebauthn/server and its X.509/ASN.1 libraries (about 600 KiB, with class decorators that
 * run when their modules load) are imported by the passkey calls only, not at Worker start-up.
 */
const webauthn = () => import("@simplewebauthn/server");

export const CHALLENGE_LIFETIME_MS = 5 * 60 * 1000;
export const MAX_PASSKEY_NAME = 64;
const RP_NAME = "RankLayer";

export interface RelyingParty {
  id: string;
  origin: string;
}

/**
 * The relying party of a request: the Origin the browser sent, when it is the site's
 * (SITE_URL) or the origin the request was served on; null for any other.
 */
export function relyingPartyOf(siteOrigin: string, servedOrigin: string, originHeader: string | undefined): RelyingParty | null {
  const origin = originHeader ?? servedOrigin;
  if (origin !== siteOrigin && origin !== servedOrigin) return null;
  return { id: new URL(origin).hostname, origin };
}

/** A name when none is given: the date, so two passkeys are told apart. */
export function defaultPasskeyName(nowMs: number): string {
  return `Passkey added ${new Date(nowMs).toISOString().slice(0, 10)}`;
}

export interface PasskeyOwner {
  userId: string;
  /** What the authenticator shows: the email address or the seller id. */
  label: string;
}

export async function startRegistration(
  db: D1Database,
  rp: RelyingParty,
  owner: PasskeyOwner,
  nowMs = Date.now(),
): Promise<{ challengeId: string; options: PublicKeyCredentialCreationOptionsJSON }> {
  const existing = await listPasskeys(db, owner.userId);
  const options = await (await webauthn()).generateRegistrationOptions({
    rpName: RP_NAME,
    rpID: rp.id,
    userName: owner.label,
    userID: new Uint8Array(new TextEncoder().encode(owner.userId)),
    attestationType: "none",
    excludeCredentials: existing.map((key) => ({ id: key.id, transports: transportsOf(key) })),
    // Discoverable: signing in later needs no address typed first.
    authenticatorSelection: { residentKey: "required", userVerification: "preferred" },
  });
  const challengeId = crypto.randomUUID();
  await insertChallenge(
    db,
    { id: challengeId, challenge: options.challenge, userId: owner.userId, expiresAt: new Date(nowMs + CHALLENGE_LIFETIME_MS).toISOString() },
    new Date(nowMs).toISOString(),
  );
  return { challengeId, options };
}

export type RegistrationResult = { ok: true; passkey: PasskeyRecord } | { ok: false; detail: string };

export async function finishRegistration(
  db: D1Database,
  rp: RelyingParty,
  userId: string,
  input: { challengeId: string; name: string; response: RegistrationResponseJSON },
  nowMs = Date.now(),
): Promise<RegistrationResult> {
  const challenge = await takeChallenge(db, input.challengeId, userId, new Date(nowMs).toISOString());
  if (!challenge) return { ok: false, detail: "This passkey request expired or was already used. Start again." };
  let verification;
  try {
    verification = await (await webauthn()).verifyRegistrationResponse({
      response: input.response,
      expectedChallenge: challenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.id,
      requireUserVerification: false,
    });
  } catch (error) {
    return { ok: false, detail: `The passkey could not be verified: ${error instanceof Error ? error.message : String(error)}` };
  }
  if (!verification.verified) return { ok: false, detail: "The passkey could not be verified." };
  const { credential } = verification.registrationInfo;
  if (await findPasskey(db, credential.id)) return { ok: false, detail: "This passkey is already registered." };
  const passkey = await insertPasskey(db, {
    id: credential.id,
    userId,
    name: input.name,
    publicKey: base64UrlEncode(credential.publicKey),
    counter: credential.counter,
    transports: credential.transports ? JSON.stringify(credential.transports) : null,
  });
  return { ok: true, passkey };
}

export async function startAuthentication(
  db: D1Database,
  rp: RelyingParty,
  nowMs = Date.now(),
): Promise<{ challengeId: string; options: PublicKeyCredentialRequestOptionsJSON }> {
  const options = await (await webauthn()).generateAuthenticationOptions({ rpID: rp.id, userVerification: "preferred" });
  const challengeId = crypto.randomUUID();
  await insertChallenge(
    db,
    { id: challengeId, challenge: options.challenge, userId: null, expiresAt: new Date(nowMs + CHALLENGE_LIFETIME_MS).toISOString() },
    new Date(nowMs).toISOString(),
  );
  return { challengeId, options };
}

/** The account whose passkey signed the challenge, or null (unknown passkey, bad signature, used challenge). */
export async function finishAuthentication(
  db: D1Database,
  rp: RelyingParty,
  input: { challengeId: string; response: AuthenticationResponseJSON },
  nowMs = Date.now(),
): Promise<string | null> {
  const challenge = await takeChallenge(db, input.challengeId, null, new Date(nowMs).toISOString());
  if (!challenge) return null;
  const passkey = await findPasskey(db, input.response.id);
  if (!passkey) return null;
  try {
    const verification = await (await webauthn()).verifyAuthenticationResponse({
      response: input.response,
      expectedChallenge: challenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.id,
      credential: { id: passkey.id, publicKey: new Uint8Array(base64UrlDecode(passkey.publicKey)), counter: passkey.counter, transports: transportsOf(passkey) },
      requireUserVerification: false,
    });
    if (!verification.verified) return null;
    if (!(await recordPasskeyUse(db, passkey.id, verification.authenticationInfo.newCounter, new Date(nowMs).toISOString()))) return null;
    return passkey.userId;
  } catch {
    return null;
  }
}

function transportsOf(passkey: PasskeyRecord): AuthenticatorTransportFuture[] | undefined {
  if (!passkey.transports) return undefined;
  const parsed: unknown = JSON.parse(passkey.transports);
  return Array.isArray(parsed) ? (parsed.filter((item) => typeof item === "string") as AuthenticatorTransportFuture[]) : undefined;
}
type AuthenticatorTransportFuture = "ble" | "cable" | "hybrid" | "internal" | "nfc" | "smart-card" | "usb";


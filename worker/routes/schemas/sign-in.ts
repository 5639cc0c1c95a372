import * as z from "../../openapi/zod";
import { MAX_EMAIL_LENGTH } from "../../auth/email-sign-in";
import { MAX_PASSKEY_NAME } from "../../auth/passkeys";

/** Request and answer schemas of email sign-in, passkeys and the account's own routes. */

export const emailBodySchema = z.object({ email: z.string().max(MAX_EMAIL_LENGTH * 2) }).openapi("EmailSignInRequest");
export const linkBodySchema = z.object({
  token: z.string().min(16).max(128),
  /** Yes to signing in as the link's address, after a 202 (a link this browser did not ask for). */
  confirm: z.boolean().optional(),
});
export const codeBodySchema = z.object({ code: z.string().regex(/^\d{6}$/, "Type the 6 digits from the email.") });

export const sentSchema = z.object({ detail: z.string() }).openapi("SignInEmailSent");

const statusSchema = z.object({
  authenticated: z.boolean(),
  connected: z.boolean(),
  marketplace: z.string(),
  brandName: z.string().nullable(),
  demo: z.boolean(),
  onboarded: z.boolean(),
});

export const signedInSchema = z
  .object({
    purpose: z.enum(["sign_in", "add_email"]),
    /** sign_in: true when this sign-in made the account. */
    created: z.boolean(),
    email: z.string().nullable(),
    status: statusSchema.nullable(),
  })
  .openapi("SignedIn");

/** A sign-in link opened in a browser that did not ask for it: left unused until the person says yes. */
export const linkConfirmationSchema = z
  .object({
    confirm: z.literal(true),
    /** The address the link signs in to. */
    email: z.string(),
    /** Whether this browser is signed in now: signing in as the link's address leaves that account. */
    signedIn: z.boolean(),
    /** That account's address, if it has one (demo and Amazon-only accounts have none). */
    signedInAs: z.string().nullable(),
  })
  .openapi("SignInLinkConfirmation");

/** A WebAuthn answer as @simplewebauthn/browser sends it; the library checks the inside. */
const credentialSchema = z.object({
  id: z.string().min(1).max(1024),
  rawId: z.string().min(1).max(1024),
  type: z.literal("public-key"),
  response: z.record(z.string(), z.unknown()),
  clientExtensionResults: z.record(z.string(), z.unknown()).default({}),
  authenticatorAttachment: z.string().max(32).optional(),
});

export const passkeySignInBodySchema = z.object({ challengeId: z.string().uuid(), response: credentialSchema });
export const passkeyRegistrationBodySchema = z.object({
  challengeId: z.string().uuid(),
  name: z.string().trim().max(MAX_PASSKEY_NAME).optional(),
  response: credentialSchema,
});
export const passkeyNameSchema = z.object({ name: z.string().trim().min(1).max(MAX_PASSKEY_NAME) });
export const passkeyIdParamSchema = z.object({ id: z.string().min(1).max(1024) });

export const challengeSchema = z.object({ challengeId: z.string(), options: z.record(z.string(), z.unknown()) }).openapi("WebAuthnChallenge");

export const passkeySchema = z
  .object({ id: z.string(), name: z.string(), createdAt: z.string(), lastUsedAt: z.string().nullable() })
  .openapi("Passkey");
export const passkeyListSchema = z.object({ passkeys: z.array(passkeySchema) });

export const accountSchema = z
  .object({
    email: z.string().nullable(),
    sellingPartnerId: z.string().nullable(),
    demo: z.boolean(),
    waysIn: z.object({ passkeys: z.number(), email: z.boolean(), amazon: z.boolean() }),
    /** Other browsers signed in to the account now (live sessions but this one). */
    otherSessions: z.number(),
    deletionPhrase: z.string(),
  })
  .openapi("AccountOverview");

export const sessionsEndedSchema = z
  .object({
    ended: z.number(),
    /** The other browsers must sign in by email or passkey again (Amazon sign-in alone no longer opens the account there); false when Amazon is the only way in. */
    forgotBrowsers: z.boolean(),
  })
  .openapi("SessionsEnded");

export const deleteBodySchema = z.object({ confirm: z.string().max(300) });
export const deletionSchema = z
  .object({
    deleted: z.literal(true),
    subscription: z.enum(["canceled", "none"]),
    erased: z.object({
      sessions: z.number(),
      apiKeys: z.number(),
      alerts: z.number(),
      notifications: z.number(),
      watchlist: z.number(),
      passkeys: z.number(),
      refreshToken: z.boolean(),
      email: z.string().nullable(),
    }),
    kept: z.array(z.string()),
  })
  .openapi("AccountDeleted");

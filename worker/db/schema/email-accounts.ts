import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { ownerId, users } from "./accounts";
import { createdNow } from "./columns";

/** The confirmed email address of an account (email sign-in); one address belongs to one account. */
export const accountEmails = sqliteTable("account_emails", {
  userId: ownerId().primaryKey(),
  /** Trimmed and lower-cased. */
  email: text("email").notNull().unique(),
  confirmedAt: text("confirmed_at").notNull(),
});

/**
 * One emailed sign-in link and code. Only SHA-256 hashes of the secrets are stored; the
 * rows also count the sending limits, so they are kept a day after they expire.
 */
export const emailSignInRequests = sqliteTable(
  "email_sign_in_requests",
  {
    id: text("id").primaryKey(),
    email: text("email").notNull(),
    /** sign_in, or add_email (a signed-in account confirming an address). */
    purpose: text("purpose").notNull(),
    /** add_email: the account the address is added to. */
    userId: text("user_id").references(() => users.id, { onDelete: "cascade" }),
    /** SHA-256 of the client's address, for the per-client limit. */
    clientHash: text("client_hash").notNull(),
    linkHash: text("link_hash").notNull().unique(),
    /** SHA-256 of the request id and the 6-digit code: a code works only with its own request. */
    codeHash: text("code_hash").notNull(),
    /** Wrong codes tried; the request dies at the limit. */
    attempts: integer("attempts").notNull().default(0),
    expiresAt: text("expires_at").notNull(),
    usedAt: text("used_at"),
    createdAt: createdNow("created_at"),
  },
  (table) => [
    index("email_sign_in_requests_email_idx").on(table.email, table.createdAt),
    index("email_sign_in_requests_client_idx").on(table.clientHash, table.createdAt),
    index("email_sign_in_requests_created_idx").on(table.createdAt),
  ],
);

/** A WebAuthn credential (passkey): its public key and signature counter. */
export const passkeys = sqliteTable(
  "passkeys",
  {
    /** The credential id, base64url. */
    id: text("id").primaryKey(),
    userId: ownerId(),
    name: text("name").notNull(),
    /** COSE public key, base64url. */
    publicKey: text("public_key").notNull(),
    counter: integer("counter").notNull().default(0),
    /** JSON array of transports the authenticator reported. */
    transports: text("transports"),
    createdAt: createdNow("created_at"),
    lastUsedAt: text("last_used_at"),
  },
  (table) => [index("passkeys_user_id_idx").on(table.userId)],
);

/** A WebAuthn challenge, used once; user_id when a signed-in account adds a passkey. */
export const webauthnChallenges = sqliteTable(
  "webauthn_challenges",
  {
    id: text("id").primaryKey(),
    challenge: text("challenge").notNull(),
    userId: text("user_id").references(() => users.id, { onDelete: "cascade" }),
    expiresAt: text("expires_at").notNull(),
  },
  (table) => [index("webauthn_challenges_expires_at_idx").on(table.expiresAt)],
);

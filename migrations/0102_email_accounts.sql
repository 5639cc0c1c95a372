-- Issue 27: accounts by email address, passkeys, one-time sign-in links and codes.
-- Hand-written (not drizzle-kit) to match worker/db/schema/email-accounts.ts.

-- The confirmed email address of an account: a way in by email sign-in. One address, one account.
CREATE TABLE `account_emails` (
	`user_id` text PRIMARY KEY NOT NULL,
	`email` text NOT NULL,
	`confirmed_at` text NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `account_emails_email_unique` ON `account_emails` (`email`);
--> statement-breakpoint
-- One emailed link + code. Only SHA-256 hashes of the secrets are kept. Rows also count
-- the sending limits (per address, per client, global, per hour), so they stay a day.
CREATE TABLE `email_sign_in_requests` (
	`id` text PRIMARY KEY NOT NULL,
	`email` text NOT NULL,
	`purpose` text NOT NULL,
	`user_id` text,
	`client_hash` text NOT NULL,
	`link_hash` text NOT NULL,
	`code_hash` text NOT NULL,
	`attempts` integer DEFAULT 0 NOT NULL,
	`expires_at` text NOT NULL,
	`used_at` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `email_sign_in_requests_link_hash_unique` ON `email_sign_in_requests` (`link_hash`);
--> statement-breakpoint
CREATE INDEX `email_sign_in_requests_email_idx` ON `email_sign_in_requests` (`email`,`created_at`);
--> statement-breakpoint
CREATE INDEX `email_sign_in_requests_client_idx` ON `email_sign_in_requests` (`client_hash`,`created_at`);
--> statement-breakpoint
CREATE INDEX `email_sign_in_requests_created_idx` ON `email_sign_in_requests` (`created_at`);
--> statement-breakpoint
-- WebAuthn credentials (passkeys): the public key only; the private key never leaves the authenticator.
CREATE TABLE `passkeys` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`name` text NOT NULL,
	`public_key` text NOT NULL,
	`counter` integer DEFAULT 0 NOT NULL,
	`transports` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	`last_used_at` text,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `passkeys_user_id_idx` ON `passkeys` (`user_id`);
--> statement-breakpoint
-- A WebAuthn challenge, used once within five minutes; user_id set when adding a passkey.
CREATE TABLE `webauthn_challenges` (
	`id` text PRIMARY KEY NOT NULL,
	`challenge` text NOT NULL,
	`user_id` text,
	`expires_at` text NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `webauthn_challenges_expires_at_idx` ON `webauthn_challenges` (`expires_at`);

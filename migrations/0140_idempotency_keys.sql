-- Create requests sent with an Idempotency-Key (worker/idempotency/idempotency-store.ts): a row
-- claims the key for the person when the request starts; its answer (status, Content-Type, body)
-- is kept once it passed, and a retry with the same key and body gets that answer again instead
-- of creating a second time. Rows go after 24 hours (the retention run), and with their user.
-- `key` is the key's SHA-256 and `body` is sealed under a key derived from it
-- (worker/idempotency/answer-seal.ts): without the caller's key a row opens nothing (an API key
-- creation's answer holds the new key in full).
CREATE TABLE `idempotency_keys` (
	`user_id` text NOT NULL,
	`key` text NOT NULL,
	`fingerprint` text NOT NULL,
	`status` integer,
	`content_type` text,
	`body` text,
	`created_at` text NOT NULL,
	PRIMARY KEY(`user_id`, `key`),
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `idempotency_keys_created_at_idx` ON `idempotency_keys` (`created_at`);

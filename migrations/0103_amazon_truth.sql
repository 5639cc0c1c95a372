-- Amazon scopes needing attention: a permanent refusal (wrong-store tag, revoked or ineligible
-- credential, lost seller grant) seen for a marketplace, a region or a seller. /status and
-- Settings show it; the nightly run skips the scope for the rest of that day's run.
CREATE TABLE `upstream_attention` (
	`scope` text NOT NULL,
	`key` text NOT NULL,
	`code` text NOT NULL,
	`detail` text NOT NULL,
	`setting` text NOT NULL,
	`run_day` text,
	`first_seen_at` text NOT NULL,
	`last_seen_at` text NOT NULL,
	PRIMARY KEY(`scope`, `key`)
);
--> statement-breakpoint
-- What each region's part of a finished nightly run came to (/status shows the last one).
CREATE TABLE `nightly_run_regions` (
	`day` text NOT NULL,
	`region` text NOT NULL,
	`status` text NOT NULL,
	`answered` integer NOT NULL,
	`failed` integer NOT NULL,
	`finished_at` text NOT NULL,
	PRIMARY KEY(`day`, `region`)
);
--> statement-breakpoint
-- The Prime and the non-Prime Buy Box apart (holds_buy_box is the one most shoppers see).
ALTER TABLE `seller_snapshots` ADD `prime_seller_id` text;--> statement-breakpoint
ALTER TABLE `seller_snapshots` ADD `non_prime_seller_id` text;--> statement-breakpoint
ALTER TABLE `seller_snapshots` ADD `holds_prime` integer;--> statement-breakpoint
ALTER TABLE `seller_snapshots` ADD `holds_non_prime` integer;

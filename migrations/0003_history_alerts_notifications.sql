CREATE TABLE `alert_events` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`alert_id` text,
	`day` text NOT NULL,
	`asin` text NOT NULL,
	`marketplace` text NOT NULL,
	`condition_type` text NOT NULL,
	`threshold` integer,
	`message` text NOT NULL,
	`in_app` integer NOT NULL,
	`read_at` text,
	`created_at` text NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`alert_id`) REFERENCES `alerts`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `alert_events_alert_day_unique` ON `alert_events` (`alert_id`,`day`);--> statement-breakpoint
CREATE INDEX `alert_events_user_created_idx` ON `alert_events` (`user_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `alerts` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`asin` text NOT NULL,
	`marketplace` text NOT NULL,
	`condition_type` text NOT NULL,
	`threshold` integer,
	`email_enabled` integer DEFAULT true NOT NULL,
	`in_app_enabled` integer DEFAULT true NOT NULL,
	`paused` integer DEFAULT false NOT NULL,
	`last_triggered` text,
	`last_checked_day` text,
	`last_result` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `alerts_user_id_idx` ON `alerts` (`user_id`);--> statement-breakpoint
CREATE INDEX `alerts_marketplace_asin_idx` ON `alerts` (`marketplace`,`asin`);--> statement-breakpoint
CREATE TABLE `job_runs` (
	`job` text NOT NULL,
	`day` text NOT NULL,
	`status` text NOT NULL,
	`phase` text NOT NULL,
	`cursor` text,
	`processed` integer DEFAULT 0 NOT NULL,
	`started_at` text NOT NULL,
	`updated_at` text NOT NULL,
	`finished_at` text,
	PRIMARY KEY(`job`, `day`)
);
--> statement-breakpoint
CREATE TABLE `notification_deliveries` (
	`id` text PRIMARY KEY NOT NULL,
	`event_id` text NOT NULL,
	`channel` text NOT NULL,
	`status` text DEFAULT 'pending' NOT NULL,
	`attempts` integer DEFAULT 0 NOT NULL,
	`next_attempt_at` text,
	`last_error` text,
	`sent_at` text,
	`created_at` text NOT NULL,
	FOREIGN KEY (`event_id`) REFERENCES `alert_events`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `notification_deliveries_event_channel_unique` ON `notification_deliveries` (`event_id`,`channel`);--> statement-breakpoint
CREATE INDEX `notification_deliveries_status_next_idx` ON `notification_deliveries` (`status`,`next_attempt_at`);--> statement-breakpoint
CREATE TABLE `rank_snapshots` (
	`asin` text NOT NULL,
	`marketplace` text NOT NULL,
	`day` text NOT NULL,
	`source` text NOT NULL,
	`rank` integer,
	`category_ranks` text DEFAULT '[]' NOT NULL,
	`price_amount` real,
	`price_currency` text,
	`offers` integer,
	`captured_at` text NOT NULL,
	PRIMARY KEY(`asin`, `marketplace`, `day`)
);
--> statement-breakpoint
CREATE TABLE `seller_snapshots` (
	`user_id` text NOT NULL,
	`asin` text NOT NULL,
	`marketplace` text NOT NULL,
	`day` text NOT NULL,
	`source` text NOT NULL,
	`fulfillable_units` integer,
	`buy_box_seller_id` text,
	`holds_buy_box` integer,
	`captured_at` text NOT NULL,
	PRIMARY KEY(`user_id`, `asin`, `marketplace`, `day`),
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `watchlist` (
	`user_id` text NOT NULL,
	`asin` text NOT NULL,
	`marketplace` text NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	PRIMARY KEY(`user_id`, `asin`, `marketplace`),
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `watchlist_marketplace_asin_idx` ON `watchlist` (`marketplace`,`asin`);--> statement-breakpoint
ALTER TABLE `user_settings` ADD `alert_email` text;--> statement-breakpoint
ALTER TABLE `user_settings` ADD `webhook_url` text;--> statement-breakpoint
ALTER TABLE `user_settings` ADD `webhook_secret_ciphertext` text;
CREATE TABLE `billing_subscriptions` (
	`user_id` text PRIMARY KEY NOT NULL,
	`stripe_customer_id` text,
	`stripe_subscription_id` text,
	`status` text,
	`price_id` text,
	`current_period_end` text,
	`cancel_at_period_end` integer DEFAULT false NOT NULL,
	`last_event_created` integer DEFAULT 0 NOT NULL,
	`is_demo` integer DEFAULT false NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `billing_subscriptions_stripe_customer_id_unique` ON `billing_subscriptions` (`stripe_customer_id`);--> statement-breakpoint
CREATE INDEX `billing_subscriptions_subscription_idx` ON `billing_subscriptions` (`stripe_subscription_id`);--> statement-breakpoint
CREATE TABLE `enterprise_assignments` (
	`user_id` text PRIMARY KEY NOT NULL,
	`note` text,
	`assigned_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `stripe_events` (
	`id` text PRIMARY KEY NOT NULL,
	`type` text NOT NULL,
	`created` integer NOT NULL,
	`received_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL
);
--> statement-breakpoint
DROP INDEX `watchlist_marketplace_asin_idx`;--> statement-breakpoint
ALTER TABLE `watchlist` ADD `paused_reason` text;--> statement-breakpoint
CREATE INDEX `watchlist_marketplace_asin_idx` ON `watchlist` (`marketplace`,`asin`,`paused_reason`);--> statement-breakpoint
ALTER TABLE `alerts` ADD `paused_reason` text;
CREATE TABLE `asin_details` (
	`asin` text NOT NULL,
	`marketplace` text NOT NULL,
	`brand` text,
	`title` text,
	`image` text,
	`category` text,
	`source` text NOT NULL,
	`captured_at` text NOT NULL,
	PRIMARY KEY(`asin`, `marketplace`)
);
--> statement-breakpoint
CREATE TABLE `intraday_points` (
	`asin` text NOT NULL,
	`marketplace` text NOT NULL,
	`hour` text NOT NULL,
	`source` text NOT NULL,
	`rank` integer,
	`price_amount` real,
	`price_currency` text,
	`captured_at` text NOT NULL,
	PRIMARY KEY(`asin`, `marketplace`, `hour`)
);
--> statement-breakpoint
CREATE TABLE `seller_revenue` (
	`user_id` text NOT NULL,
	`asin` text NOT NULL,
	`marketplace` text NOT NULL,
	`day` text NOT NULL,
	`source` text NOT NULL,
	`status` text NOT NULL,
	`amount` real,
	`currency` text,
	`units` integer,
	`captured_at` text NOT NULL,
	PRIMARY KEY(`user_id`, `asin`, `marketplace`, `day`),
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `user_refresh` (
	`user_id` text PRIMARY KEY NOT NULL,
	`last_manual_at` text,
	`last_weekly_report` text,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);

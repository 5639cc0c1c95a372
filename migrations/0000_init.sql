CREATE TABLE `lookup_log` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`asin` text NOT NULL,
	`marketplace` text NOT NULL,
	`status` integer NOT NULL,
	`source` text,
	`duration_ms` integer NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL
);
--> statement-breakpoint
CREATE INDEX `lookup_log_created_at_idx` ON `lookup_log` (`created_at`);
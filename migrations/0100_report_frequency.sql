ALTER TABLE `user_settings` ADD `daily_report` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `user_refresh` ADD `last_daily_report` text;
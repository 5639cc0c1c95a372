-- Issue 25: webhook claims with a lease, reconcile bookkeeping, "Ends on", 3-D Secure link, Enterprise key limit.
ALTER TABLE `stripe_events` ADD `completed_at` text;--> statement-breakpoint
ALTER TABLE `stripe_events` ADD `lease_until` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Events stored before this migration were handled (or released): they stay done.
UPDATE `stripe_events` SET `completed_at` = `received_at`;--> statement-breakpoint
CREATE INDEX `stripe_events_received_idx` ON `stripe_events` (`received_at`);--> statement-breakpoint
ALTER TABLE `billing_subscriptions` ADD `cancel_at` text;--> statement-breakpoint
ALTER TABLE `billing_subscriptions` ADD `payment_action_url` text;--> statement-breakpoint
ALTER TABLE `billing_subscriptions` ADD `synced_at` text;--> statement-breakpoint
ALTER TABLE `enterprise_assignments` ADD `api_requests_per_hour` integer;
--> statement-breakpoint
DROP INDEX `alerts_marketplace_asin_idx`;--> statement-breakpoint
CREATE INDEX `alerts_marketplace_asin_idx` ON `alerts` (`marketplace`,`asin`,`paused_reason`);

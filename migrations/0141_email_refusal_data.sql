-- An email the service refused for good (worker/upstreams/email/email-errors.ts) records, besides
-- the words shown to the user in `last_error`, the address it was sent to (`refused_address`) and
-- the service's code (`refusal_code`, e.g. E_RECIPIENT_SUPPRESSED, for support and logs). Settings
-- drops the refusal once another address is saved by comparing `refused_address`, never the text.
-- Rows failed before this migration have neither: they read as failures of no particular address.
ALTER TABLE `notification_deliveries` ADD `refused_address` text;
--> statement-breakpoint
ALTER TABLE `notification_deliveries` ADD `refusal_code` text;
--> statement-breakpoint
ALTER TABLE `report_sends` ADD `refused_address` text;
--> statement-breakpoint
ALTER TABLE `report_sends` ADD `refusal_code` text;

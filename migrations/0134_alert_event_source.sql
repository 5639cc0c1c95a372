-- The source of the data an alert fired on: 'live' (Amazon's) or 'mock' (a store without its own
-- partner tag, a demo's mock seller). The message already says "(mock data)"; this is the field the
-- notifications API and the webhook payload carry for programs. Events fired before it read null.
ALTER TABLE `alert_events` ADD `source` text;

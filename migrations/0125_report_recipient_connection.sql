-- Scheduled weekly reports per client connection (issue 28 point 6): a chosen address may be for
-- one seller connection (its report covers that connection's seller data and the workspace's
-- tracked ASINs) or, with NULL, the whole workspace (the aggregate, as before). Deleting the
-- connection deletes its addresses: widening them to the whole workspace would mail a client the
-- other clients' seller data.
ALTER TABLE `report_recipients` ADD `connection_id` text REFERENCES `seller_connections`(`id`) ON UPDATE no action ON DELETE cascade;
--> statement-breakpoint
CREATE INDEX `report_recipients_connection_idx` ON `report_recipients` (`connection_id`);

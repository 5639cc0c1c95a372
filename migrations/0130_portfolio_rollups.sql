-- The portfolio's pass over a workspace's seller rows (client-portfolio-store.ts), kept until those
-- rows change: an agency's 20 connections × 500 ASINs × 30 days are 300,000 revenue rows, and
-- summing them took 0.25 s of D1's one thread on every view. A roll-up holds the pass's answer for
-- one range (7, 30 or 90 days) and the exact windows it was computed for (`window_key`): one row
-- per connection, marketplace, ASIN and currency of revenue, and one per connection, marketplace
-- and ASIN with seller snapshots in the window. A view whose windows differ (a new day) computes
-- it again. Any write to seller_revenue or seller_snapshots drops the workspace's roll-ups (the
-- triggers below), so nothing stale is ever read, whoever writes.
CREATE TABLE `portfolio_rollups` (
	`id` integer PRIMARY KEY,
	`workspace_id` text NOT NULL,
	`range_days` integer NOT NULL,
	`window_key` text NOT NULL,
	`computed_at` text NOT NULL,
	FOREIGN KEY (`workspace_id`) REFERENCES `workspaces`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `portfolio_rollups_workspace_range_idx` ON `portfolio_rollups` (`workspace_id`, `range_days`);
--> statement-breakpoint
CREATE TABLE `portfolio_rollup_rows` (
	`rollup_id` integer NOT NULL,
	-- 1: a seller snapshot key (no revenue columns); 0: a group of revenue rows.
	`snapshot` integer NOT NULL,
	`connection_id` text NOT NULL,
	`marketplace` text NOT NULL,
	`asin` text NOT NULL,
	`currency` text,
	`amount` real,
	`ok_days` text,
	`not_granted` integer NOT NULL,
	`any_mock` integer NOT NULL,
	`newest` text NOT NULL,
	FOREIGN KEY (`rollup_id`) REFERENCES `portfolio_rollups`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `portfolio_rollup_rows_rollup_connection_idx` ON `portfolio_rollup_rows` (`rollup_id`, `connection_id`);
--> statement-breakpoint
CREATE TRIGGER `seller_revenue_insert_drops_portfolio_rollups` AFTER INSERT ON `seller_revenue`
BEGIN
	DELETE FROM `portfolio_rollups` WHERE `workspace_id` = NEW.`workspace_id`;
END;
--> statement-breakpoint
CREATE TRIGGER `seller_revenue_update_drops_portfolio_rollups` AFTER UPDATE ON `seller_revenue`
BEGIN
	DELETE FROM `portfolio_rollups` WHERE `workspace_id` = OLD.`workspace_id`;
END;
--> statement-breakpoint
CREATE TRIGGER `seller_revenue_delete_drops_portfolio_rollups` AFTER DELETE ON `seller_revenue`
BEGIN
	DELETE FROM `portfolio_rollups` WHERE `workspace_id` = OLD.`workspace_id`;
END;
--> statement-breakpoint
CREATE TRIGGER `seller_snapshots_insert_drops_portfolio_rollups` AFTER INSERT ON `seller_snapshots`
BEGIN
	DELETE FROM `portfolio_rollups` WHERE `workspace_id` = NEW.`workspace_id`;
END;
--> statement-breakpoint
CREATE TRIGGER `seller_snapshots_update_drops_portfolio_rollups` AFTER UPDATE ON `seller_snapshots`
BEGIN
	DELETE FROM `portfolio_rollups` WHERE `workspace_id` = OLD.`workspace_id`;
END;
--> statement-breakpoint
CREATE TRIGGER `seller_snapshots_delete_drops_portfolio_rollups` AFTER DELETE ON `seller_snapshots`
BEGIN
	DELETE FROM `portfolio_rollups` WHERE `workspace_id` = OLD.`workspace_id`;
END;

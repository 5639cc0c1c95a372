-- A seller's own day rows (stock, Buy Box, sales) are kept for SELLER_DATA_RETENTION_DAYS
-- (worker/jobs/retention/retention.ts). The nightly retention finds the older days by these
-- indexes instead of reading every row of both tables.
CREATE INDEX `seller_snapshots_day_idx` ON `seller_snapshots` (`day`);
--> statement-breakpoint
CREATE INDEX `seller_revenue_day_idx` ON `seller_revenue` (`day`);

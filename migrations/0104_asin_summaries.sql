-- One row per (marketplace, ASIN): the figures the dashboard, portfolio and their exports show,
-- written by the nightly run and each extra refresh, so a screen reads one row per tracked ASIN
-- instead of its point series. Kept in DB (not a history shard) so one query can join it with
-- the user's tracked list and asin_details, whatever bucket each ASIN's points live in.
CREATE TABLE `asin_summaries` (
	`marketplace` text NOT NULL,
	`asin` text NOT NULL,
	`rank` integer,
	`price` real,
	`currency` text,
	`source` text,
	`rank_captured_at` text,
	`last_day` text,
	`figures` text NOT NULL,
	`computed_at` text NOT NULL,
	PRIMARY KEY(`marketplace`, `asin`)
) WITHOUT ROWID;

-- drizzle-kit cannot declare WITHOUT ROWID: rebuild rank_points with its natural key as the
-- row itself (no rowid, no second primary-key index). Same columns as 0000; the table is
-- empty when this runs on a new shard.
CREATE TABLE `rank_points_compact` (
	`bucket` integer NOT NULL,
	`marketplace` text NOT NULL,
	`asin` text NOT NULL,
	`day` integer NOT NULL,
	`hour` integer NOT NULL,
	`live` integer NOT NULL,
	`rank` integer,
	`c1` integer,
	`r1` integer,
	`c2` integer,
	`r2` integer,
	`more` text,
	`price` integer,
	`currency` text,
	`offers` integer,
	`captured` integer NOT NULL,
	PRIMARY KEY(`bucket`, `marketplace`, `asin`, `day`, `hour`)
) WITHOUT ROWID;
--> statement-breakpoint
INSERT INTO `rank_points_compact` SELECT * FROM `rank_points`;
--> statement-breakpoint
DROP TABLE `rank_points`;
--> statement-breakpoint
ALTER TABLE `rank_points_compact` RENAME TO `rank_points`;

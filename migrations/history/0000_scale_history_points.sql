CREATE TABLE `categories` (
	`id` integer PRIMARY KEY NOT NULL,
	`name` text NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `categories_name_unique` ON `categories` (`name`);--> statement-breakpoint
CREATE TABLE `rank_points` (
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
);

-- Several seller accounts per workspace (issue 28 point 3, docs/amazon.md#several-seller-accounts).
-- seller_credentials (one per workspace) becomes seller_connections (one per workspace, Amazon
-- seller id and region). Nothing is lost: each credential row becomes a connection whose id is
-- its workspace's id (so its refresh token, sealed with that id as associated data, still opens
-- and every seller data row can name it); a demo workspace gets its "demo" connection (the mock
-- seller); a workspace that holds seller data but no credential any more (disconnected before)
-- gets a "disconnected" connection keeping that data. seller_snapshots and seller_revenue are
-- rebuilt with `connection_id` in their key, referencing the connection (deleting a connection
-- deletes its seller data).
-- The marketplaces a seller sells in (seller_credentials.marketplaces, migration 0110) move along.
PRAGMA defer_foreign_keys = on;
--> statement-breakpoint
CREATE TABLE `seller_connections` (
	`id` text PRIMARY KEY NOT NULL,
	`workspace_id` text NOT NULL,
	`selling_partner_id` text NOT NULL,
	`region` text NOT NULL CHECK (`region` IN ('na', 'eu', 'fe')),
	`name` text NOT NULL,
	`refresh_token_ciphertext` text,
	`key_id` text,
	`granted_at` text,
	`status` text DEFAULT 'connected' NOT NULL CHECK (`status` IN ('connected', 'disconnected', 'demo')),
	`marketplaces` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`workspace_id`) REFERENCES `workspaces`(`id`) ON UPDATE no action ON DELETE cascade,
	-- A token is held exactly while connected.
	CHECK ((`status` = 'connected') = (`refresh_token_ciphertext` IS NOT NULL AND `key_id` IS NOT NULL AND `granted_at` IS NOT NULL))
);
--> statement-breakpoint
CREATE UNIQUE INDEX `seller_connections_seller_unique` ON `seller_connections` (`workspace_id`, `selling_partner_id`, `region`);
--> statement-breakpoint
INSERT INTO `seller_connections` (`id`, `workspace_id`, `selling_partner_id`, `region`, `name`, `refresh_token_ciphertext`, `key_id`, `granted_at`, `status`, `marketplaces`, `created_at`, `updated_at`)
SELECT c.`workspace_id`, c.`workspace_id`, COALESCE(u.`selling_partner_id`, c.`workspace_id`), c.`region`,
       w.`name` || ' ' || upper(c.`region`), c.`refresh_token_ciphertext`, c.`key_id`, c.`granted_at`, 'connected', c.`marketplaces`,
       c.`granted_at`, c.`updated_at`
FROM `seller_credentials` c
JOIN `workspaces` w ON w.`id` = c.`workspace_id`
LEFT JOIN `users` u ON u.`id` = c.`workspace_id`;
--> statement-breakpoint
INSERT INTO `seller_connections` (`id`, `workspace_id`, `selling_partner_id`, `region`, `name`, `status`)
SELECT u.`id`, u.`id`, u.`selling_partner_id`, 'na', 'Demo seller', 'demo'
FROM `users` u
WHERE u.`is_demo` = 1 AND EXISTS (SELECT 1 FROM `workspaces` w WHERE w.`id` = u.`id`)
  AND NOT EXISTS (SELECT 1 FROM `seller_connections` s WHERE s.`id` = u.`id`);
--> statement-breakpoint
INSERT INTO `seller_connections` (`id`, `workspace_id`, `selling_partner_id`, `region`, `name`, `status`)
SELECT d.`workspace_id`, d.`workspace_id`, COALESCE(u.`selling_partner_id`, d.`workspace_id`),
       CASE WHEN d.`marketplace` IN ('US', 'CA', 'MX') THEN 'na' WHEN d.`marketplace` = 'JP' THEN 'fe' ELSE 'eu' END,
       w.`name`, 'disconnected'
FROM (
  SELECT `workspace_id`, min(`marketplace`) AS `marketplace` FROM (
    SELECT `workspace_id`, `marketplace` FROM `seller_snapshots` UNION ALL SELECT `workspace_id`, `marketplace` FROM `seller_revenue`
  ) GROUP BY `workspace_id`
) d
JOIN `workspaces` w ON w.`id` = d.`workspace_id`
LEFT JOIN `users` u ON u.`id` = d.`workspace_id`
WHERE NOT EXISTS (SELECT 1 FROM `seller_connections` s WHERE s.`id` = d.`workspace_id`);
--> statement-breakpoint
CREATE TABLE `seller_snapshots__new` (
	`connection_id` text NOT NULL,
	`workspace_id` text NOT NULL,
	`asin` text NOT NULL,
	`marketplace` text NOT NULL,
	`day` text NOT NULL,
	`source` text NOT NULL,
	`fulfillable_units` integer,
	`buy_box_seller_id` text,
	`holds_buy_box` integer,
	`captured_at` text NOT NULL,
	`prime_seller_id` text,
	`non_prime_seller_id` text,
	`holds_prime` integer,
	`holds_non_prime` integer,
	PRIMARY KEY(`connection_id`, `asin`, `marketplace`, `day`),
	FOREIGN KEY (`connection_id`) REFERENCES `seller_connections`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`workspace_id`) REFERENCES `workspaces`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
INSERT INTO `seller_snapshots__new` (`connection_id`, `workspace_id`, `asin`, `marketplace`, `day`, `source`, `fulfillable_units`, `buy_box_seller_id`, `holds_buy_box`, `captured_at`, `prime_seller_id`, `non_prime_seller_id`, `holds_prime`, `holds_non_prime`)
SELECT `workspace_id`, `workspace_id`, `asin`, `marketplace`, `day`, `source`, `fulfillable_units`, `buy_box_seller_id`, `holds_buy_box`, `captured_at`, `prime_seller_id`, `non_prime_seller_id`, `holds_prime`, `holds_non_prime` FROM `seller_snapshots`;
--> statement-breakpoint
CREATE TABLE `seller_revenue__new` (
	`connection_id` text NOT NULL,
	`workspace_id` text NOT NULL,
	`asin` text NOT NULL,
	`marketplace` text NOT NULL,
	`day` text NOT NULL,
	`source` text NOT NULL,
	`status` text NOT NULL,
	`amount` real,
	`currency` text,
	`units` integer,
	`captured_at` text NOT NULL,
	PRIMARY KEY(`connection_id`, `asin`, `marketplace`, `day`),
	FOREIGN KEY (`connection_id`) REFERENCES `seller_connections`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`workspace_id`) REFERENCES `workspaces`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
INSERT INTO `seller_revenue__new` (`connection_id`, `workspace_id`, `asin`, `marketplace`, `day`, `source`, `status`, `amount`, `currency`, `units`, `captured_at`)
SELECT `workspace_id`, `workspace_id`, `asin`, `marketplace`, `day`, `source`, `status`, `amount`, `currency`, `units`, `captured_at` FROM `seller_revenue`;
--> statement-breakpoint
DROP TABLE `seller_snapshots`;
--> statement-breakpoint
DROP TABLE `seller_revenue`;
--> statement-breakpoint
DROP TABLE `seller_credentials`;
--> statement-breakpoint
ALTER TABLE `seller_snapshots__new` RENAME TO `seller_snapshots`;
--> statement-breakpoint
ALTER TABLE `seller_revenue__new` RENAME TO `seller_revenue`;
--> statement-breakpoint
CREATE INDEX `seller_snapshots_workspace_asin_idx` ON `seller_snapshots` (`workspace_id`, `asin`, `marketplace`, `day`);
--> statement-breakpoint
CREATE INDEX `seller_revenue_workspace_day_idx` ON `seller_revenue` (`workspace_id`, `marketplace`, `day`);
--> statement-breakpoint
-- A new demo account gets its mock seller as a connection, whichever path makes it: fired by the
-- owner row users_personal_workspace (0105) adds, so the workspace exists by then.
CREATE TRIGGER `workspace_members_demo_connection` AFTER INSERT ON `workspace_members`
WHEN NEW.`workspace_id` = NEW.`user_id` AND (SELECT `is_demo` FROM `users` WHERE `id` = NEW.`user_id`) = 1
BEGIN
	INSERT OR IGNORE INTO `seller_connections` (`id`, `workspace_id`, `selling_partner_id`, `region`, `name`, `status`)
	SELECT `id`, `id`, `selling_partner_id`, 'na', 'Demo seller', 'demo' FROM `users` WHERE `id` = NEW.`user_id`;
END;
--> statement-breakpoint
-- Seller alerts (Buy Box, low stock) may name one connection; null: any of the workspace's.
ALTER TABLE `alerts` ADD `connection_id` text REFERENCES `seller_connections`(`id`) ON UPDATE no action ON DELETE set null;

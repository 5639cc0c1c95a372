-- Where a workspace's scheduled weekly report goes besides its members' own settings (issue 28
-- point 6): addresses it chooses, each confirmed by a link sent to it. Only the SHA-256 of the
-- confirmation token is kept; an unconfirmed address never gets a report.
CREATE TABLE `report_recipients` (
	`workspace_id` text NOT NULL,
	`email` text NOT NULL,
	`token_hash` text NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	`confirmed_at` text,
	-- The Monday (UTC day) of the last weekly report sent to it: a repeated run never sends twice.
	`last_sent_monday` text,
	PRIMARY KEY(`workspace_id`, `email`),
	FOREIGN KEY (`workspace_id`) REFERENCES `workspaces`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `report_recipients_token_hash_unique` ON `report_recipients` (`token_hash`);

-- The report emails' outbox: one row per report, period and recipient, so a send that failed is
-- retried within its period (after 1, 5, 30 and 120 minutes, 5 attempts) and one that went out is
-- never sent again (worker/jobs/weekly-report/report-send-store.ts). `period` is the UTC day of a
-- daily report or the Monday of a weekly one; `recipient` is '' for the workspace's own report (its
-- alert email) or an address the workspace chose. Status: pending, sending (handed to the email
-- binding, outcome not yet written), sent, failed (for good, shown in Settings) or cancelled (the
-- report was switched off or the address removed before a retry).
CREATE TABLE `report_sends` (
	`workspace_id` text NOT NULL,
	`kind` text NOT NULL,
	`period` text NOT NULL,
	`recipient` text NOT NULL,
	`status` text DEFAULT 'pending' NOT NULL,
	`attempts` integer DEFAULT 0 NOT NULL,
	`next_attempt_at` text,
	`last_error` text,
	`sent_at` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	PRIMARY KEY(`workspace_id`, `kind`, `period`, `recipient`),
	FOREIGN KEY (`workspace_id`) REFERENCES `workspaces`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `report_sends_status_next_idx` ON `report_sends` (`status`,`next_attempt_at`);
--> statement-breakpoint
-- The periods already claimed before this table count as sent: the deploy day sends none twice.
INSERT INTO `report_sends` (`workspace_id`, `kind`, `period`, `recipient`, `status`, `attempts`)
	SELECT `workspace_id`, 'daily', `last_daily_report`, '', 'sent', 1 FROM `user_refresh` WHERE `last_daily_report` IS NOT NULL;
--> statement-breakpoint
INSERT INTO `report_sends` (`workspace_id`, `kind`, `period`, `recipient`, `status`, `attempts`)
	SELECT `workspace_id`, 'weekly', `last_weekly_report`, '', 'sent', 1 FROM `user_refresh` WHERE `last_weekly_report` IS NOT NULL;
--> statement-breakpoint
INSERT INTO `report_sends` (`workspace_id`, `kind`, `period`, `recipient`, `status`, `attempts`)
	SELECT `workspace_id`, 'weekly', `last_sent_monday`, `email`, 'sent', 1 FROM `report_recipients` WHERE `last_sent_monday` IS NOT NULL;

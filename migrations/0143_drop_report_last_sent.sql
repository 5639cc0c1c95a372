-- The reports' old last-sent markers, unused since migration 0135 moved the record of every report
-- sent to `report_sends` (which copied them). Kept until now because a Worker of the code before
-- 0135 still wrote them while a deploy rolled out; no code of this or the last release reads or
-- writes them.
ALTER TABLE `user_refresh` DROP COLUMN `last_weekly_report`;
--> statement-breakpoint
ALTER TABLE `user_refresh` DROP COLUMN `last_daily_report`;
--> statement-breakpoint
ALTER TABLE `report_recipients` DROP COLUMN `last_sent_monday`;

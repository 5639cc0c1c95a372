-- When each alert was last checked (ISO time), beside last_checked_day. The nightly check walks the
-- alerts in passes: a pass checks the alerts not checked today and re-checks those that found no data
-- before it began (later snapshots may fill them in), each once, so a night with many no-data alerts
-- still reaches every alert (worker/jobs/alert-check/alert-check-store.ts dueAlerts). Null on rows
-- from before: they count as checked before any pass.
ALTER TABLE `alerts` ADD `last_checked_at` text;

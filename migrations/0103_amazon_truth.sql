-- Amazon scopes needing attention: a permanent refusal (wrong-store tag, revoked or ineligible
-- credential, lost seller grant) seen for a marketplace, a region or a seller. /status and
-- Settings show it; the nightly run skips the scope for the rest of that day's run.
CREATE TABLE `upstream_attention` (
	`scope` text NOT NULL,
	`key` text NOT NULL,
	`code` text NOT NULL,
	`detail` text NOT NULL,
	`setting` text NOT NULL,
	`run_day` text,
	`first_seen_at` text NOT NULL,
	`last_seen_at` text NOT NULL,
	PRIMARY KEY(`scope`, `key`)
);

-- A lookup_log row stands for a window's lookups of one ASIN with one outcome, no longer for one
-- lookup: a busy ASIN wrote a row per lookup (D1 bills each row written, and each index entry).
-- Earlier rows are one lookup each; their duration_ms, now the sum of a row's lookups, is theirs.
ALTER TABLE `lookup_log` ADD `lookups` integer DEFAULT 1 NOT NULL;

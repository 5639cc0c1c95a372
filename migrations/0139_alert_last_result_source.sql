-- The source of the data an alert's last check judged, for every result and not only a firing:
-- 'live' (Amazon's) or 'mock' (a store without its own partner tag, a demo's sample seller), null
-- when the check read no data for the day (and for results recorded before this column).
-- So an "ok" or "no data" found on the labelled mock is never shown as a live result.
ALTER TABLE `alerts` ADD `last_result_source` text;

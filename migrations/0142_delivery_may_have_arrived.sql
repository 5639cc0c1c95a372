-- A webhook row one of whose attempts timed out (`may_have_arrived`, 1): that attempt may have
-- arrived, so every later send of it carries the repeat note (docs/adr/0015). It was read out of
-- the words of `last_error` before; now those words are only for people.
-- Rows written before: their last attempt timed out ('timed out', WEBHOOK_TIMED_OUT in
-- worker/upstreams/webhook/sender.ts) or a later one failed otherwise after one had (the suffix
-- EARLIER_TIMEOUT in worker/jobs/delivery/deliver.ts; compared with substr, as D1 refuses a LIKE
-- pattern that long).
ALTER TABLE `notification_deliveries` ADD `may_have_arrived` integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
UPDATE `notification_deliveries` SET `may_have_arrived` = 1
WHERE `channel` = 'webhook'
  AND (`last_error` = 'timed out'
    OR substr(`last_error`, -length(' (an earlier attempt timed out and may have arrived)')) = ' (an earlier attempt timed out and may have arrived)');

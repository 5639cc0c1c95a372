-- A roll-up row of revenue now says how many ok days its group has (`ok_count`), and lists them in
-- `ok_days` only when some day of its window has none (portfolio-pass-store.ts, revenueSumSql). For an
-- agency whose every day was answered, the 30-day roll-up holds no day lists at all: timed in the Worker
-- on 300,000 revenue rows, reading it took 52–73 ms instead of 95–189 ms, and computing it 361–367 ms
-- instead of 440–466 ms. Roll-ups kept before this have no count, so they go (the next view or
-- nightly run computes them again).
DELETE FROM `portfolio_rollups`;
--> statement-breakpoint
ALTER TABLE `portfolio_rollup_rows` ADD `ok_count` integer NOT NULL DEFAULT 0;

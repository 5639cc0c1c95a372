-- The portfolio's revenue per ASIN (each client's sales, the "as of" time and the mock label) now
-- comes from the same pass as the clients overview's sums (client-portfolio-store.ts), which reads
-- this index alone: it also holds `source` and `captured_at`. Before, the per-ASIN sums were a
-- second pass over the same rows through the (workspace, marketplace, day) index and the table
-- (about 0.2 s for an agency's 180,000 rows of one marketplace); the one pass is about 0.15 s
-- where the two took 0.32 s. This index grows by about a quarter.
DROP INDEX `seller_revenue_workspace_connection_idx`;
CREATE INDEX `seller_revenue_workspace_connection_idx` ON `seller_revenue` (`workspace_id`, `connection_id`, `marketplace`, `asin`, `currency`, `day`, `status`, `amount`, `source`, `captured_at`);
-- Nothing reads through the (workspace, marketplace, day) index any more: the wide index's
-- workspace prefix serves the account export and deletion. Without it the revenue rows and their
-- indexes take less room than before this migration (about 8 % less).
DROP INDEX `seller_revenue_workspace_day_idx`;

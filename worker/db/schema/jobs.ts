import { integer, primaryKey, sqliteTable, text } from "drizzle-orm/sqlite-core";

/**
 * Progress of one nightly job for one UTC day. The cursor is written in the same D1
 * batch as the rows it covers, so a run that stops anywhere resumes without skipping
 * or repeating work.
 */
export const jobRuns = sqliteTable(
  "job_runs",
  {
    job: text("job").notNull(),
    day: text("day").notNull(),
    /** running or done. */
    status: text("status").notNull(),
    /** Job-defined phase and position, e.g. "products" and "US:B00000000X". */
    phase: text("phase").notNull(),
    cursor: text("cursor"),
    processed: integer("processed").notNull().default(0),
    startedAt: text("started_at").notNull(),
    updatedAt: text("updated_at").notNull(),
    finishedAt: text("finished_at"),
  },
  (table) => [primaryKey({ columns: [table.job, table.day] })],
);

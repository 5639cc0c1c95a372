/**
 * A prepare() whose first call (the alert check's first query) throws; later calls work. Queries
 * matching `passing` go through uncounted (the 02:30 run's look at the day's snapshot run).
 */
export function failFirstPrepare(db: D1Database, passing?: RegExp) {
  let calls = 0;
  return (query: string) => {
    if (passing?.test(query)) return db.prepare(query);
    calls += 1;
    if (calls === 1) throw new Error("D1 is down");
    return db.prepare(query);
  };
}

/** The snapshot run's table: what the 02:30 run reads before its check. */
export const JOB_RUNS_QUERY = /"job_runs"/;

/** A prepare() whose first call (the alert check's first query) throws; later calls work. */
export function failFirstPrepare(db: D1Database) {
  let calls = 0;
  return (query: string) => {
    calls += 1;
    if (calls === 1) throw new Error("D1 is down");
    return db.prepare(query);
  };
}

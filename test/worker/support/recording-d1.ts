/**
 * A D1 binding that records the SQL of each statement it is asked to prepare, for tests that pin
 * how often a path reads a table. Everything else is the binding's own.
 */
export function recordingD1(db: D1Database): { db: D1Database; queries: string[] } {
  const queries: string[] = [];
  const recorded = new Proxy(db, {
    get(target, property) {
      if (property === "prepare") {
        return (query: string) => {
          queries.push(query);
          return target.prepare(query);
        };
      }
      const value = Reflect.get(target, property) as unknown;
      return typeof value === "function" ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
  return { db: recorded, queries };
}

/**
 * A seller walk's position in a stage of its own (the revenue check, the Buy Box share): the stage's
 * state as JSON after `prefix`. Any other cursor is a plain key cursor (tracked-store.ts parseKeyCursor).
 */
export function stageCursor<T>(prefix: string): { write(position: T): string; read(cursor: string | null): T | null } {
  return {
    write: (position) => prefix + JSON.stringify(position),
    read: (cursor) => (cursor?.startsWith(prefix) ? (JSON.parse(cursor.slice(prefix.length)) as T) : null),
  };
}

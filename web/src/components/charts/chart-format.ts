const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

/** "26 Nov 2026" for a UTC day, or "26 Nov 2026 14:00 UTC" for an intraday time. */
export function formatDay(at: string): string {
  const date = new Date(at.length === 10 ? `${at}T00:00:00Z` : at);
  if (Number.isNaN(date.getTime())) return at;
  const day = `${date.getUTCDate()} ${MONTHS[date.getUTCMonth()]} ${date.getUTCFullYear()}`;
  if (at.length === 10) return day;
  return `${day} ${String(date.getUTCHours()).padStart(2, "0")}:${String(date.getUTCMinutes()).padStart(2, "0")} UTC`;
}

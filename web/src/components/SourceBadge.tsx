/** Badge text per product source; anything unexpected is presented as mock data, never as live. */
const SOURCE_LABEL: Record<string, string> = { live: "Live", cache: "Cached" };

/** Where a product's figures come from (a lookup, a compare column, a breakdown row). */
export function SourceBadge({ source }: { source: string }) {
  return <span className={`badge badge--${source}`}>{SOURCE_LABEL[source] ?? "Mock Data"}</span>;
}

/**
 * What every export is made of, whatever the format: a titled table (one header row), an
 * optional rank chart, and notes on where the figures come from. A dataset (compare, rank
 * history, alerts, …) builds one; csv.ts and pdf.ts render it.
 */
export type Cell = string | number | boolean | null | undefined;

export interface ChartSeries {
  label: string;
  /** "YYYY-MM-DD" or an ISO time; null where the product had no rank that day. */
  points: { at: string; value: number | null }[];
}

export interface ExportTable {
  /** The file's dataset and scope, e.g. "compare-US": becomes ranklayer-compare-US-2026-11-23.csv. */
  fileStem: string;
  /** The PDF's heading under the RankLayer name, e.g. "Compare: 5 ASINs in the US marketplace". */
  title: string;
  columns: string[];
  rows: Cell[][];
  /** Rank over time, best (lowest) at the top: drawn in the PDF, left out of the CSV (the rows carry the data). */
  chart?: {
    title: string;
    series: ChartSeries[];
    /** The first and last day ("YYYY-MM-DD") the time axis spans, whatever days have a rank; the data's own span without them. */
    from?: string;
    to?: string;
  };
  /** Lines printed under the table: sources, "as of" times, mock-data labels. */
  notes: string[];
}

export type ExportFormat = "csv" | "pdf";
export const EXPORT_FORMATS: readonly ExportFormat[] = ["csv", "pdf"];

/** ranklayer-<stem>-<UTC day>.<format>; the stem is reduced to safe file-name characters. */
export function exportFileName(stem: string, format: ExportFormat, now: number): string {
  const safe = stem.replace(/[^A-Za-z0-9_-]+/g, "-").replace(/^-+|-+$/g, "") || "export";
  return `ranklayer-${safe}-${new Date(now).toISOString().slice(0, 10)}.${format}`;
}

/** A row's Source cell: where its figures came from, said in words. */
export const SOURCE_LABEL = { live: "Amazon (live)", cache: "Amazon (cached copy)", mock: "Mock data (not live)" } as const;

/** The note of a file with mock rows: the footer's "Product data comes from Amazon's Creators API" is not about them. */
export const MOCK_ROWS_NOTE = "Rows marked Mock data are deterministic samples for trying RankLayer, not Amazon data.";

export const ASSOCIATES_NOTICE =
  "As an Amazon Associate, RankLayer earns from qualifying purchases. Product data comes from Amazon's " +
  "Creators API and is shown as of the time stated; prices and ranks change often.";

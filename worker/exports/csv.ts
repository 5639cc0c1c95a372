import type { Cell, ExportTable } from "./export-table";

/** Excel reads a file as UTF-8 only when it starts with this byte-order mark. */
export const BOM = "\uFEFF";

/**
 * Characters that make a spreadsheet read a cell as a formula (or, for tab and CR, let one
 * start after a separator). A text cell starting with one gets a leading apostrophe, which
 * spreadsheets show as text and never evaluate.
 */
const FORMULA_START = /^[=+\-@\t\r]/;
/** A plain number written as text ("-15", "150.50"): data a spreadsheet reads as a number, never a formula. */
const NUMBER_TEXT = /^-?\d+(\.\d+)?$/;

/**
 * Fields quoted: RFC 4180's quote, comma and line breaks, and the semicolon, which Excel takes for
 * the separator where the locale's list separator is ";" (de, fr, …): unquoted, the text after it
 * would start a cell of its own, past the formula guard.
 */
const NEEDS_QUOTES = /[",;\r\n]/;

/** One field per RFC 4180: quoted when it holds a quote, separator or line break; text guarded against formulas. */
export function csvField(value: Cell): string {
  if (value === null || value === undefined) return "";
  if (typeof value === "number") return Number.isFinite(value) ? String(value) : "";
  if (typeof value === "boolean") return value ? "true" : "false";
  const text = FORMULA_START.test(value) && !NUMBER_TEXT.test(value) ? `'${value}` : value;
  return NEEDS_QUOTES.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** BOM, one header row, then the rows; CRLF line ends as RFC 4180 asks. */
export function buildCsv(columns: readonly string[], rows: readonly (readonly Cell[])[]): string {
  const lines = [columns, ...rows].map((row) => row.map(csvField).join(","));
  return `${BOM}${lines.join("\r\n")}\r\n`;
}

export function tableToCsv(table: ExportTable): string {
  return buildCsv(table.columns, table.rows);
}

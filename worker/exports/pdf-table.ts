import { rgb, type RGB } from "pdf-lib";
import { csvField } from "./csv";
import type { Cell, ExportTable } from "./export-table";
import { MARGIN, type Layout } from "./pdf-layout";
import { fitText, wrapText } from "./pdf-text";
import type { PdfTypeface } from "./pdf-typeface";

const FONT_SIZE = 7.5;
/** A one-line row; each further line of a wrapped cell adds LINE_HEIGHT. */
const ROW_HEIGHT = 14;
const LINE_HEIGHT = 9;
/** Lines a long cell (a title, a category path, an error) wraps over before it is cut with "...". */
const MAX_CELL_LINES = 4;
/** Columns at most this wide are never squeezed. */
const NARROW = 110;
/**
 * Rows one PDF prints (some 40 pages): pdf-lib holds every page in memory, and 5,000 rows took
 * over 100 MB of the Worker's 128 MB and seconds of CPU. A longer table prints its first rows
 * and says the CSV holds them all.
 */
export const PDF_MAX_ROWS = 2000;

/** An ISO time in UTC, as datasets give "As of" and alert times. */
const ISO_UTC = /^(\d{4}-\d\d-\d\d)T(\d\d:\d\d)(?::\d\d(?:\.\d+)?)?Z$/;

/** 104855 → "104,855", -1234.5 → "-1,234.5": the digits as they are, grouped as the app and the chart write them. */
const groupedDigits = (value: number) => String(value).replace(/^(-?)(\d+)/, (_, sign: string, whole: string) => sign + whole.replace(/\B(?=(\d{3})+$)/g, ","));

/**
 * A cell as printed for a reader: figures with grouped digits and ISO times as the app shows them
 * ("2026-11-28 21:57 UTC"); text as the CSV holds it, without CSV quoting or the formula guard (an
 * all-digit ASIN is text, never grouped). The CSV keeps every figure and time exact.
 */
function cellText(value: Cell): string {
  if (typeof value === "number") return Number.isFinite(value) ? groupedDigits(value) : "";
  if (typeof value === "string") {
    const time = ISO_UTC.exec(value);
    return time ? `${time[1]} ${time[2]} UTC` : value;
  }
  return csvField(value);
}

/**
 * Column widths: each column's longest text decides its share, within bounds. The header counts
 * in the bold face it is drawn in, so a narrow column is never narrower than its own label.
 */
function columnWidths(table: ExportTable, fonts: { regular: PdfTypeface; bold: PdfTypeface }, width: number): number[] {
  const widthOf = (text: string, font: PdfTypeface) => font.width(fitText(text, font, FONT_SIZE, 400), FONT_SIZE);
  const natural = table.columns.map((label, i) => {
    const cells = table.rows.slice(0, 200).map((row) => widthOf(cellText(row[i]), fonts.regular));
    const widest = Math.max(widthOf(label, fonts.bold), ...cells);
    return Math.min(Math.max(widest + 6, 28), 400);
  });
  const total = natural.reduce((a, b) => a + b, 0);
  if (total <= width) return natural.map((w) => (w / total) * width);
  // Too wide: short columns (ASINs, ranks, times) keep their width; long text shares what is left,
  // by the square root of its width, so a long title does not squeeze a category into a word a line.
  const narrow = natural.filter((w) => w <= NARROW).reduce((a, b) => a + b, 0);
  const wide = natural.filter((w) => w > NARROW).reduce((a, b) => a + Math.sqrt(b), 0);
  return natural.map((w) => (w <= NARROW ? w : (Math.sqrt(w) / wide) * (width - narrow)));
}

/** A cell's text in at most MAX_CELL_LINES lines of `width` points, the last cut with "..." when more is left. */
function cellLines(text: string, font: PdfTypeface, width: number): string[] {
  const lines = wrapText(text, font, FONT_SIZE, width);
  if (lines.length <= MAX_CELL_LINES) return lines;
  const kept = lines.slice(0, MAX_CELL_LINES - 1);
  // What is left is wider than a line (its first word did not fit on the line before), so it ends in "...".
  return [...kept, fitText(lines.slice(MAX_CELL_LINES - 1).join(" "), font, FONT_SIZE, width)];
}

/** The table, its header repeated on every page it continues on, long cells wrapped; at most PDF_MAX_ROWS rows. */
export function drawTable(layout: Layout, table: ExportTable, headerColor: RGB): void {
  const widths = columnWidths(table, layout.fonts, layout.width);
  const drawRow = (cells: readonly Cell[], header: boolean, shaded: boolean) => {
    const font = header ? layout.fonts.bold : layout.fonts.regular;
    const lines = cells.map((cell, i) =>
      header ? [fitText(cellText(cell), font, FONT_SIZE, widths[i]! - 4)] : cellLines(cellText(cell), font, widths[i]! - 4),
    );
    const extra = (Math.max(1, ...lines.map((l) => l.length)) - 1) * LINE_HEIGHT;
    // The header row is repeated at the top of every page the table continues on.
    if (layout.need(ROW_HEIGHT + extra) && !header) drawRow(table.columns, true, false);
    const top = layout.y - ROW_HEIGHT;
    layout.y -= ROW_HEIGHT + extra;
    if (header || shaded) {
      layout.page.drawRectangle({
        x: MARGIN, y: layout.y - 4, width: layout.width, height: ROW_HEIGHT + extra,
        color: header ? headerColor : rgb(0.95, 0.96, 0.98),
      });
    }
    let x = MARGIN;
    lines.forEach((cellLinesOf, i) => {
      cellLinesOf.forEach((line, n) =>
        font.draw(layout.page, line, { x: x + 2, y: top - n * LINE_HEIGHT, size: FONT_SIZE, color: header ? rgb(1, 1, 1) : rgb(0, 0, 0) }),
      );
      x += widths[i]!;
    });
  };
  layout.need(ROW_HEIGHT * 2);
  drawRow(table.columns, true, false);
  table.rows.slice(0, PDF_MAX_ROWS).forEach((row, index) => drawRow(row, false, index % 2 === 1));
  if (table.rows.length === 0) layout.text("No rows.", 9);
  if (table.rows.length > PDF_MAX_ROWS) {
    layout.y -= 4;
    layout.text(`This PDF shows the first ${PDF_MAX_ROWS.toLocaleString("en-US")} of ${table.rows.length.toLocaleString("en-US")} rows; the CSV export holds them all.`, 9, true);
  }
}

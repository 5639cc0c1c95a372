import { PDFDocument, PageSizes, rgb, StandardFonts, type PDFFont, type PDFPage, type RGB } from "pdf-lib";
import { rgbChannels } from "../branding/branding-rules";
import { csvField } from "./csv";
import { ASSOCIATES_NOTICE, type Cell, type ExportTable } from "./export-table";
import { drawRankChart } from "./pdf-chart";
import { parseSvgLogo } from "./pdf-svg";
import { fitText, wrapText } from "./pdf-text";

import { PAPER_SIZES, type PaperSize } from "./paper";

export { PAPER_SIZES, type PaperSize };
const PAGE: Record<PaperSize, [number, number]> = { a4: PageSizes.A4, letter: PageSizes.Letter };

const MARGIN = 40;
const ROW_HEIGHT = 14;
const FONT_SIZE = 7.5;
const FOOTER_HEIGHT = 34;
const CHART_HEIGHT = 200;
/** Columns at most this wide are never squeezed. */
const NARROW = 110;
/** Wider tables than this many columns are printed in landscape. */
const PORTRAIT_MAX_COLUMNS = 8;

/**
 * A workspace's branding on its PDFs (docs/branding.md): "Prepared by <name>", its logo (a PNG,
 * or an SVG made only of filled paths), its accent colour for the heading, the table header and
 * the first chart line. RankLayer's Associates notice stays on every page.
 */
export interface PdfBranding {
  name: string | null;
  /** #rrggbb. */
  accent: string | null;
  /** PNG bytes, checked on upload. */
  pngLogo: Uint8Array | null;
  /** An SVG logo's text: drawn when it is plain paths (pdf-svg.ts), else left out for the name alone. */
  svgLogo?: string | null;
}

const BRAND_BLUE = rgb(0.15, 0.39, 0.92);
const HEADER_DARK = rgb(0.12, 0.16, 0.23);
const LOGO_MAX = { width: 160, height: 40 };

const colorOf = (hex: string | null | undefined): RGB | null =>
  hex && /^#[0-9a-f]{6}$/i.test(hex) ? rgb(...rgbChannels(hex)) : null;

interface Fonts {
  regular: PDFFont;
  bold: PDFFont;
}

/** A cell as printed: the same text the CSV holds, without CSV quoting or the formula guard. */
function cellText(value: Cell): string {
  if (typeof value === "string") return value;
  return csvField(value);
}

/** Column widths: each column's longest text (header included) decides its share, within bounds. */
function columnWidths(table: ExportTable, font: PDFFont, width: number): number[] {
  const natural = table.columns.map((label, i) => {
    const texts = [label, ...table.rows.slice(0, 200).map((row) => cellText(row[i]))];
    const widest = Math.max(...texts.map((t) => font.widthOfTextAtSize(fitText(t, font, FONT_SIZE, 400), FONT_SIZE)));
    return Math.min(Math.max(widest + 6, 28), 180);
  });
  const total = natural.reduce((a, b) => a + b, 0);
  if (total <= width) return natural.map((w) => (w / total) * width);
  // Too wide: short columns (ASINs, ranks, times) keep their width; long text shares what is left.
  const narrow = natural.filter((w) => w <= NARROW).reduce((a, b) => a + b, 0);
  const wide = total - narrow;
  return natural.map((w) => (w <= NARROW ? w : (w / wide) * (width - narrow)));
}

class Layout {
  page!: PDFPage;
  y = 0;
  pages: PDFPage[] = [];
  constructor(
    private readonly doc: PDFDocument,
    private readonly size: [number, number],
    readonly fonts: Fonts,
  ) {
    this.newPage();
  }
  get width() {
    return this.size[0] - 2 * MARGIN;
  }
  newPage() {
    this.page = this.doc.addPage(this.size);
    this.pages.push(this.page);
    this.y = this.size[1] - MARGIN;
  }
  /** Room for `height` more points above the footer, or a new page. */
  need(height: number): boolean {
    if (this.y - height >= MARGIN + FOOTER_HEIGHT) return false;
    this.newPage();
    return true;
  }
  text(text: string, size: number, bold = false, color = rgb(0, 0, 0)) {
    this.need(size + 4);
    this.y -= size + 4;
    this.page.drawText(fitText(text, bold ? this.fonts.bold : this.fonts.regular, size, this.width), {
      x: MARGIN, y: this.y, size, font: bold ? this.fonts.bold : this.fonts.regular, color,
    });
  }
  paragraph(text: string, size: number) {
    for (const line of wrapText(text, this.fonts.regular, size, this.width)) this.text(line, size);
  }
}

function drawTable(layout: Layout, table: ExportTable, headerColor: RGB) {
  const widths = columnWidths(table, layout.fonts.regular, layout.width);
  const drawRow = (cells: readonly Cell[], header: boolean, shaded: boolean) => {
    layout.y -= ROW_HEIGHT;
    if (header || shaded) {
      layout.page.drawRectangle({
        x: MARGIN, y: layout.y - 4, width: layout.width, height: ROW_HEIGHT,
        color: header ? headerColor : rgb(0.95, 0.96, 0.98),
      });
    }
    let x = MARGIN;
    cells.forEach((cell, i) => {
      const font = header ? layout.fonts.bold : layout.fonts.regular;
      layout.page.drawText(fitText(cellText(cell), font, FONT_SIZE, widths[i]! - 4), {
        x: x + 2, y: layout.y, size: FONT_SIZE, font, color: header ? rgb(1, 1, 1) : rgb(0, 0, 0),
      });
      x += widths[i]!;
    });
  };
  layout.need(ROW_HEIGHT * 2);
  drawRow(table.columns, true, false);
  table.rows.forEach((row, index) => {
    // The header row is repeated at the top of every page the table continues on.
    if (layout.need(ROW_HEIGHT)) drawRow(table.columns, true, false);
    drawRow(row, false, index % 2 === 1);
  });
  if (table.rows.length === 0) layout.text("No rows.", 9);
}

function drawFooters(layout: Layout, generatedAt: string) {
  const { regular } = layout.fonts;
  layout.pages.forEach((page, index) => {
    const lines = wrapText(ASSOCIATES_NOTICE, regular, 6.5, layout.width - 60);
    lines.forEach((line, i) => page.drawText(line, { x: MARGIN, y: MARGIN - 2 + (lines.length - 1 - i) * 8, size: 6.5, font: regular, color: rgb(0.35, 0.35, 0.35) }));
    const label = `Page ${index + 1} of ${layout.pages.length} · ${generatedAt}`.replace("·", "-");
    page.drawText(label, { x: MARGIN + layout.width - regular.widthOfTextAtSize(label, 6.5), y: MARGIN + 18, size: 6.5, font: regular, color: rgb(0.35, 0.35, 0.35) });
  });
}

/**
 * The table as a PDF (landscape when it has many columns): RankLayer heading (or the workspace's
 * "Prepared by" and logo), title, rank chart (if any), the table, notes, and on every page the Associates notice.
 */
export async function tableToPdf(table: ExportTable, paper: PaperSize, now: number, branding?: PdfBranding | null): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const generatedAt = `Generated ${new Date(now).toISOString()}`;
  const accent = colorOf(branding?.accent);
  doc.setTitle(branding?.name ? `${table.title} - prepared by ${branding.name}` : `RankLayer - ${table.title}`);
  doc.setProducer("RankLayer");
  doc.setCreationDate(new Date(now));
  const fonts = { regular: await doc.embedFont(StandardFonts.Helvetica), bold: await doc.embedFont(StandardFonts.HelveticaBold) };
  const [short, long] = PAGE[paper];
  const size: [number, number] = table.columns.length > PORTRAIT_MAX_COLUMNS ? [long, short] : [short, long];
  const layout = new Layout(doc, size, fonts);

  if (branding?.pngLogo) await drawLogo(doc, layout, branding.pngLogo);
  else if (branding?.svgLogo) drawSvgLogo(layout, branding.svgLogo);
  if (branding?.name) {
    layout.text(`Prepared by ${branding.name}`, 18, true, accent ?? BRAND_BLUE);
    layout.text("with RankLayer", 8, false, rgb(0.35, 0.35, 0.35));
  } else {
    layout.text("RankLayer", 20, true, accent ?? BRAND_BLUE);
  }
  layout.text(table.title, 13, true);
  layout.text(generatedAt, 8, false, rgb(0.35, 0.35, 0.35));
  layout.y -= 8;

  if (table.chart) {
    layout.text(table.chart.title, 10, true);
    layout.need(CHART_HEIGHT);
    layout.y -= CHART_HEIGHT;
    drawRankChart(layout.page, fonts.regular, { x: MARGIN, y: layout.y, width: layout.width, height: CHART_HEIGHT }, table.chart.series, accent ?? undefined);
    layout.y -= 10;
  }

  drawTable(layout, table, accent ?? HEADER_DARK);
  layout.y -= 8;
  for (const note of table.notes) layout.paragraph(note, 8);
  drawFooters(layout, generatedAt);
  return doc.save();
}

/** The PNG logo at the top left, scaled down to fit 160 × 40 pt; a PNG pdf-lib cannot read is left out. */
async function drawLogo(doc: PDFDocument, layout: Layout, png: Uint8Array): Promise<void> {
  let image;
  try {
    image = await doc.embedPng(png);
  } catch (error) {
    console.warn("branding logo could not be embedded; the PDF goes without it", error instanceof Error ? error.message : error);
    return;
  }
  const scale = Math.min(1, LOGO_MAX.width / image.width, LOGO_MAX.height / image.height);
  const { width, height } = image.scale(scale);
  layout.y -= height;
  layout.page.drawImage(image, { x: MARGIN, y: layout.y, width, height });
  layout.y -= 6;
}

/** An SVG logo of plain filled paths, scaled into 160 × 40 pt; any other SVG is left out. */
function drawSvgLogo(layout: Layout, svg: string): void {
  const logo = parseSvgLogo(svg);
  if (!logo) return;
  const scale = Math.min(LOGO_MAX.width / logo.width, LOGO_MAX.height / logo.height);
  // drawSvgPath's origin is the logo's top left, with y growing downwards as in SVG.
  const top = layout.y;
  for (const path of logo.paths) layout.page.drawSvgPath(path.d, { x: MARGIN, y: top, scale, color: colorOf(path.fill)!, borderWidth: 0 });
  layout.y = top - logo.height * scale - 6;
}

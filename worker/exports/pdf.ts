import { PDFDocument, PageSizes, rgb, StandardFonts, type RGB } from "pdf-lib";
import { rgbChannels } from "../branding/branding-rules";
import { ASSOCIATES_NOTICE, type ExportTable } from "./export-table";
import { drawRankChart } from "./pdf-chart";
import { lazyJapaneseFont } from "./pdf-japanese-font";
import { Layout, MARGIN, type Fonts } from "./pdf-layout";
import { parseSvgLogo } from "./pdf-svg";
import { drawTable, PDF_MAX_ROWS } from "./pdf-table";
import { wrapText } from "./pdf-text";
import { PdfScripts, PdfTypeface } from "./pdf-typeface";

import { PAPER_SIZES, type PaperSize } from "./paper";

export { PAPER_SIZES, PDF_MAX_ROWS, type PaperSize };
const PAGE: Record<PaperSize, [number, number]> = { a4: PageSizes.A4, letter: PageSizes.Letter };

const CHART_HEIGHT = 200;
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

/** Said in the PDF when some text had a character its fonts cannot print, so nothing is lost unsaid. */
export const LOSSY_NOTE = "Characters these PDF fonts cannot print (such as emoji) are shown as ?; the CSV export holds the exact text.";
/** The same, when only text the CSV does not hold (the branding, the title or notes) had such characters. */
export const LOSSY_HEADING_NOTE = "Characters these PDF fonts cannot print (such as emoji) are shown as ?.";

function drawFooters(layout: Layout, generatedAt: string) {
  const { regular } = layout.fonts;
  layout.pages.forEach((page, index) => {
    const lines = wrapText(ASSOCIATES_NOTICE, regular, 6.5, layout.width - 60);
    lines.forEach((line, i) => regular.draw(page, line, { x: MARGIN, y: MARGIN - 2 + (lines.length - 1 - i) * 8, size: 6.5, color: rgb(0.35, 0.35, 0.35) }));
    const label = `Page ${index + 1} of ${layout.pages.length} - ${generatedAt}`;
    regular.draw(page, label, { x: MARGIN + layout.width - regular.width(label, 6.5), y: MARGIN + 18, size: 6.5, color: rgb(0.35, 0.35, 0.35) });
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
  // A Japanese font is referenced only when some text needs it (pdf-japanese-font.ts).
  const scripts = new PdfScripts(lazyJapaneseFont(doc));
  const fonts: Fonts = {
    regular: new PdfTypeface(await doc.embedFont(StandardFonts.Helvetica), scripts),
    bold: new PdfTypeface(await doc.embedFont(StandardFonts.HelveticaBold), scripts),
  };
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
    drawRankChart(layout.page, fonts.regular, { x: MARGIN, y: layout.y, width: layout.width, height: CHART_HEIGHT }, table.chart.series, accent ?? undefined, table.chart);
    layout.y -= 10;
  }

  // Only the table's cells are in the CSV: its note points there for them alone.
  const headingLossy = scripts.lossy;
  scripts.lossy = false;
  drawTable(layout, table, accent ?? HEADER_DARK);
  const tableLossy = scripts.lossy;
  layout.y -= 8;
  for (const note of table.notes) layout.paragraph(note, 8);
  if (tableLossy) layout.paragraph(LOSSY_NOTE, 8);
  else if (headingLossy || scripts.lossy) layout.paragraph(LOSSY_HEADING_NOTE, 8);
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

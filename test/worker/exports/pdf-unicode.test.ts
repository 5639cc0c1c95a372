import { PDFName } from "pdf-lib";
import { describe, expect, it } from "vitest";
import type { ExportTable } from "../../../worker/exports/export-table";
import { tableToPdf } from "../../../worker/exports/pdf";
import { readPdf } from "./pdf-reader";

const NOW = Date.UTC(2026, 10, 23, 12, 0);

function compareOf(titles: string[], notes: string[] = []): ExportTable {
  return {
    fileStem: "compare-JP",
    title: `Compare: ${titles.length} ASINs in the JP marketplace`,
    columns: ["ASIN", "Marketplace", "Title", "Price", "Currency"],
    rows: titles.map((title, i) => [`B0JPTEST0${i}`, "JP", title, 1980, "JPY"]),
    notes,
  };
}

const JP_TITLE = "ワイヤレスイヤホン 東京 Bluetooth 5.3（ﾌﾞﾗｯｸ）";

describe("PDF export of titles outside the standard fonts' WinAnsi", () => {
  it("prints a JP store's Japanese title as Japanese, not as question marks", async () => {
    const { text, cidFonts } = await readPdf(await tableToPdf(compareOf([JP_TITLE]), "a4", NOW));
    expect(text).toContain(JP_TITLE);
    expect(text).not.toContain("???");
    // A Japanese CID font the reader resolves by Unicode, with a ToUnicode map for copy and search.
    expect(cidFonts).toHaveLength(1);
    expect(cidFonts[0]!.get(PDFName.of("Encoding"))?.toString()).toBe("/UniJIS-UCS2-H");
    expect(cidFonts[0]!.has(PDFName.of("ToUnicode"))).toBe(true);
  });

  it("keeps WinAnsi's own marks (™, €, •, Œ) that the standard fonts can print", async () => {
    const { text } = await readPdf(await tableToPdf(compareOf(["Echo Dot™ • Œuvre 12,99 €"]), "a4", NOW));
    expect(text).toContain("Echo Dot™ • Œuvre 12,99 €");
  });

  it("prints accented letters outside WinAnsi as their base letter, and no CJK font where none is needed", async () => {
    const { text, cidFonts } = await readPdf(await tableToPdf(compareOf(["Čaj Łódź ş"]), "a4", NOW));
    expect(text).toContain("Caj ?ódz s");
    expect(cidFonts).toHaveLength(0);
  });

  it("marks what no font here can print (emoji) and says so in the file, rather than silently", async () => {
    const { text } = await readPdf(await tableToPdf(compareOf(["Mug ☕️ Gift 🎁"]), "a4", NOW));
    expect(text).toContain("Mug ? Gift ?");
    expect(text.replace(/\n/g, " ")).toMatch(/cannot print.*shown as \?.*CSV export holds the exact text/);
  });

  it("points to the CSV only for the table's own text: an emoji in the branding alone gets a note without it", async () => {
    const { text } = await readPdf(await tableToPdf(compareOf(["Mug"]), "a4", NOW, { name: "Acme 🚀", accent: null, pngLogo: null }));
    expect(text).toContain("Prepared by Acme ?");
    const flat = text.replace(/\n/g, " ");
    expect(flat).toContain("cannot print (such as emoji) are shown as ?.");
    expect(flat).not.toContain("CSV export holds the exact text");
  });

  it("sizes a narrow column for its bold header, so a squeezed table keeps its labels whole", async () => {
    const long = "Wireless earbuds with charging case, noise cancelling, Bluetooth 5.3 and a long spec sheet ".repeat(3);
    const wide: ExportTable = {
      ...compareOf([long, long]),
      columns: ["ASIN", "Marketplace", "Title", "Category", "Rank", "Price", "Price is", "Currency", "Offers", "Rating", "Reviews", "Source", "As of (UTC)", "Error"],
      rows: [0, 1].map((i) => [`B0JPTEST0${i}`, "JP", long, long, 12, 19.8, "Buy Box", "JPY", 3, 4.5, 120, "Mock data (not live)", "2026-11-23T02:00:00.000Z", null]),
    };
    const { text } = await readPdf(await tableToPdf(wide, "a4", NOW));
    for (const label of ["Marketplace", "Currency", "As of (UTC)"]) expect(text).toContain(label);
    expect(text).not.toMatch(/Marketpla\.\.\.|Curren\.\.\./);
  });

  it("wraps a long Japanese note (no spaces) over lines instead of cutting it off", async () => {
    const note = "この商品のランキングは毎日更新されます。".repeat(12);
    const { text } = await readPdf(await tableToPdf(compareOf([JP_TITLE], [note]), "a4", NOW));
    expect(text.replace(/\n/g, "")).toContain(note);
  });

  it("prints a Japanese workspace name in the branded heading and the PDF title", async () => {
    const { text, doc } = await readPdf(await tableToPdf(compareOf(["Mug"]), "a4", NOW, { name: "株式会社テスト", accent: null, pngLogo: null }));
    expect(text).toContain("Prepared by 株式会社テスト");
    expect(doc.getTitle()).toContain("株式会社テスト");
  });
});

describe("PDF export of a long table", () => {
  it("prints at most PDF_MAX_ROWS rows (bounded memory) and says the CSV holds the rest", async () => {
    const { PDF_MAX_ROWS } = await import("../../../worker/exports/pdf");
    const rows = PDF_MAX_ROWS + 500;
    const table: ExportTable = {
      fileStem: "alerts",
      title: `Alerts (${rows})`,
      columns: ["ASIN", "Marketplace", "Threshold"],
      rows: Array.from({ length: rows }, (_, i) => [`B${String(i).padStart(9, "0")}`, "US", 500]),
      notes: [],
    };
    const { text, sizes } = await readPdf(await tableToPdf(table, "a4", NOW));
    expect(text.match(/^B\d{9}$/gm)).toHaveLength(PDF_MAX_ROWS);
    expect(text).toContain(`This PDF shows the first 2,000 of 2,500 rows; the CSV export holds them all.`);
    expect(sizes.length).toBeLessThan(50);
  }, 60_000);
});

describe("PDF export of long cells", () => {
  it("wraps a long title and an error over up to three lines in its cell instead of cutting it to a few words", async () => {
    const title = "Echo Dot (5th Gen, 2022 release) | With bigger vibrant sound, helpful routines and Alexa | Charcoal";
    const error = "Amazon did not answer for this ASIN: try again shortly.";
    const table: ExportTable = {
      fileStem: "compare-US",
      title: "Compare: 2 ASINs in the US marketplace",
      columns: ["ASIN", "Marketplace", "Title", "Category", "Rank", "Price", "Price is", "Currency", "Offers", "Rating", "Reviews", "Source", "As of (UTC)", "Error"],
      rows: [
        ["B08N5WRWNW", "US", title, "Electronics > Smart Home > Speakers", 1234, 49.99, "Lowest offer (no Buy Box winner)", "USD", 12, 4.7, 5321, "Amazon (cached copy)", "2026-11-23T12:00:00.000Z", null],
        ["B07XJ8C8F5", "US", null, null, null, null, null, null, null, null, null, null, null, error],
      ],
      notes: [],
    };
    const { text } = await readPdf(await tableToPdf(table, "letter", NOW));
    const words = text.replace(/\s+/g, " ");
    for (const part of ["Echo Dot (5th Gen, 2022", "helpful routines", "Amazon did not answer", "try again shortly."]) expect(words).toContain(part);
    // Still one line per cell where it fits.
    expect(text).toContain("B08N5WRWNW");
  });
});

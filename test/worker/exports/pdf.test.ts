import { describe, expect, it } from "vitest";
import { ASSOCIATES_NOTICE, type ExportTable } from "../../../worker/exports/export-table";
import { tableToPdf } from "../../../worker/exports/pdf";
import { printableText } from "../../../worker/exports/pdf-text";
import { readPdf } from "./pdf-reader";
import { tableToCsv } from "../../../worker/exports/csv";

const NOW = Date.UTC(2026, 10, 23, 12, 0);

function table(rows: number, chart = false): ExportTable {
  return {
    fileStem: "history-B08N5WRWNW-US-30d",
    title: "Rank history of B08N5WRWNW",
    columns: ["Day (UTC)", "ASIN", "Title", "Rank", "Source"],
    rows: Array.from({ length: rows }, (_, i) => [
      `2026-10-${String((i % 28) + 1).padStart(2, "0")}`, i % 2 ? "B07XJ8C8F5" : "B08N5WRWNW", "Mug “Large” — 東京", 1000 + i, "Amazon (live)",
    ]),
    chart: chart
      ? { title: "Best Sellers Rank", series: [{ label: "B08N5WRWNW", points: [{ at: "2026-10-01", value: 10 }, { at: "2026-10-02", value: null }, { at: "2026-10-03", value: 5 }] }] }
      : undefined,
    notes: ["Figures as of the stated day."],
  };
}

describe("PDF export", () => {
  it("parses back with pdf-lib and holds the heading, title, ASINs, sources, notes and the Associates notice", async () => {
    const { text, sizes, doc } = await readPdf(await tableToPdf(table(3, true), "a4", NOW));
    expect(sizes).toEqual([[595, 842]]);
    expect(doc.getTitle()).toBe("RankLayer - Rank history of B08N5WRWNW");
    for (const expected of ["RankLayer", "Rank history of B08N5WRWNW", "B08N5WRWNW", "B07XJ8C8F5", "Amazon (live)", "Best Sellers Rank", "Figures as of the stated day.", "Generated 2026-11-23T12:00:00.000Z"]) {
      expect(text).toContain(expected);
    }
    expect(text.replace(/\n/g, " ")).toContain(ASSOCIATES_NOTICE.slice(0, 60));
  });

  it("draws the rank chart on a log scale, said on its axis, when its ranks span ten times or more", async () => {
    const spread = (values: number[]): ExportTable => ({
      ...table(1),
      chart: { title: "Best Sellers Rank", series: [{ label: "B08N5WRWNW", points: values.map((value, day) => ({ at: `2026-10-0${day + 1}`, value })) }] },
    });
    const wide = (await readPdf(await tableToPdf(spread([900, 1_200, 150_000]), "a4", NOW))).text;
    expect(wide).toContain("#900");
    expect(wide).toContain("#150,000");
    expect(wide).toContain("log scale");
    expect((await readPdf(await tableToPdf(spread([900, 1_200, 5_000]), "a4", NOW))).text).not.toContain("log scale");
  });

  it("lays out Letter pages and carries a long table over pages, the notice on each", async () => {
    const { text, sizes } = await readPdf(await tableToPdf(table(120), "letter", NOW));
    expect(sizes.length).toBeGreaterThan(1);
    expect(sizes.every(([w, h]) => w === 612 && h === 792)).toBe(true);
    expect(text.match(/As an Amazon Associate/g)).toHaveLength(sizes.length);
    expect(text).toContain(`Page ${sizes.length} of ${sizes.length}`);
  });

  it("keeps what the fonts can print (WinAnsi marks, Japanese) and says when it had to print a ?", () => {
    const helvetica = new Set([...Array.from({ length: 95 }, (_, i) => 0x20 + i), 0x201c, 0x201d, 0x2014]);
    expect(printableText("Mug “Large” — 東京", helvetica)).toEqual({ text: "Mug “Large” — 東京", lossy: false });
    expect(printableText("two\nlines\u200b", helvetica)).toEqual({ text: "two lines", lossy: false });
    expect(printableText("Gift 🎁", helvetica)).toEqual({ text: "Gift ?", lossy: true });
  });
});

describe("PDF export under a workspace's branding", () => {
  it("says Prepared by the name, embeds the PNG logo, uses the accent, and keeps the Associates notice", async () => {
    const { PNG_1X1 } = await import("../branding/logo-fixtures");
    const bytes = await tableToPdf(table(3, true), "a4", NOW, { name: "Acme Agency", accent: "#1d4ed8", pngLogo: PNG_1X1 });
    const { text, doc } = await readPdf(bytes);
    expect(text).toContain("Prepared by Acme Agency");
    expect(text).toContain("with RankLayer");
    expect(text.replace(/\n/g, " ")).toContain(ASSOCIATES_NOTICE.slice(0, 60));
    expect(doc.getTitle()).toBe("Rank history of B08N5WRWNW - prepared by Acme Agency");
    // The logo is an image XObject on the page.
    const raw = new TextDecoder("latin1").decode(bytes);
    expect(raw).toMatch(/\/Subtype\s*\/Image/);
    // The accent colour (0.1137 0.3059 0.8471) fills the table header and the heading.
    const page = doc.getPages()[0]!;
    const { decodePDFRawStream, PDFRawStream, PDFArray } = await import("pdf-lib");
    const contents = page.node.Contents()!;
    const streams = contents instanceof PDFArray ? contents.asArray().map((ref) => doc.context.lookup(ref)) : [contents];
    const ops = streams.map((s) => new TextDecoder("latin1").decode(s instanceof PDFRawStream ? decodePDFRawStream(s).decode() : (s as unknown as { getContents(): Uint8Array }).getContents())).join("\n");
    expect(ops).toMatch(/0\.11\d* 0\.30\d* 0\.84\d* rg/);
  });

  it("without a PNG (none, or an SVG) has no image, and without a name keeps the RankLayer heading", async () => {
    const named = new TextDecoder("latin1").decode(await tableToPdf(table(1), "a4", NOW, { name: "Acme Agency", accent: null, pngLogo: null }));
    expect(named).not.toMatch(/\/Subtype\s*\/Image/);
    const { text } = await readPdf(await tableToPdf(table(1), "a4", NOW, { name: null, accent: "#1d4ed8", pngLogo: null }));
    expect(text).toContain("RankLayer");
    expect(text).not.toContain("Prepared by");
  });
});

describe("PDF table figures, read by people", () => {
  it("groups a rank's or a count's digits and writes an ISO time as the app does; the ASIN (all digits for a book) and the CSV stay exact", async () => {
    const compare: ExportTable = {
      fileStem: "compare-JP",
      title: "Compare",
      columns: ["ASIN", "Rank", "Price", "Currency", "Reviews", "Rating", "As of (UTC)"],
      rows: [["4088820940", 104_855, 3_993, "JPY", 34_360, 4.5, "2026-11-28T21:57:35.299Z"], ["B08N5WRWNW", 512, 14.99, "USD", 7, 3.4, "2026-11-28T02:00:00.000Z"]],
      notes: [],
    };
    const { text } = await readPdf(await tableToPdf(compare, "a4", NOW));
    for (const shown of ["104,855", "3,993", "34,360", "2026-11-28 21:57 UTC", "4088820940", "14.99", "4.5", "512"]) expect(text).toContain(shown);
    expect(text).not.toContain("104855");
    expect(text).not.toContain("T21:57:35.299Z");
    expect(tableToCsv(compare)).toContain("4088820940,104855,3993,JPY,34360,4.5,2026-11-28T21:57:35.299Z");
  });
});

describe("PDF rank chart over its range", () => {
  it("spans the days the export covers, as the app's charts do, not only the days that have a rank", async () => {
    const history: ExportTable = {
      fileStem: "history-B08N5WRWNW-US-30d",
      title: "Rank history of B08N5WRWNW in the US marketplace, last 30 days",
      columns: ["Day (UTC)", "Rank"],
      rows: [["2026-11-22", 900], ["2026-11-23", 850]],
      chart: {
        title: "Best Sellers Rank",
        from: "2026-10-25",
        to: "2026-11-23",
        series: [{ label: "B08N5WRWNW", points: [{ at: "2026-11-22", value: 900 }, { at: "2026-11-23", value: 850 }] }],
      },
      notes: [],
    };
    const { text } = await readPdf(await tableToPdf(history, "a4", NOW));
    // The axis is labelled with the range's first and last day; two days of ranks sit at its right end.
    expect(text).toContain("2026-10-25");
    expect(text.match(/2026-11-23/g)!.length).toBeGreaterThanOrEqual(2);
  });
});

import { describe, expect, it } from "vitest";
import { ASSOCIATES_NOTICE, type ExportTable } from "../../../worker/exports/export-table";
import { tableToPdf } from "../../../worker/exports/pdf";
import { winAnsi } from "../../../worker/exports/pdf-text";
import { readPdf } from "./pdf-reader";

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

  it("lays out Letter pages and carries a long table over pages, the notice on each", async () => {
    const { text, sizes } = await readPdf(await tableToPdf(table(120), "letter", NOW));
    expect(sizes.length).toBeGreaterThan(1);
    expect(sizes.every(([w, h]) => w === 612 && h === 792)).toBe(true);
    expect(text.match(/As an Amazon Associate/g)).toHaveLength(sizes.length);
    expect(text).toContain(`Page ${sizes.length} of ${sizes.length}`);
  });

  it("prints what the standard fonts cannot encode as stand-ins instead of failing", () => {
    expect(winAnsi("Mug “Large” — 東京")).toBe('Mug "Large" - ??');
  });
});

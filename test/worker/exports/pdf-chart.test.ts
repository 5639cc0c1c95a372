import type { PDFPage } from "pdf-lib";
import { describe, expect, it } from "vitest";
import { drawRankChart } from "../../../worker/exports/pdf-chart";
import type { PdfTypeface } from "../../../worker/exports/pdf-typeface";

/** A page that records the lines and dots drawn on it. */
function recordingPage() {
  const lines: { start: { x: number }; end: { x: number } }[] = [];
  const dots: { x: number }[] = [];
  const page = {
    drawRectangle() {},
    drawLine(line: { start: { x: number }; end: { x: number } }) {
      lines.push(line);
    },
    drawCircle(dot: { x: number }) {
      dots.push(dot);
    },
  };
  return { page: page as unknown as PDFPage, lines, dots };
}

const font = { draw() {}, printable: (text: string) => text, width: (text: string, size: number) => text.length * size * 0.5 } as unknown as PdfTypeface;

describe("the PDF rank chart", () => {
  it("breaks the line across a missed day (no point), as across a day without a rank", () => {
    const { page, lines, dots } = recordingPage();
    const points = [
      { at: "2026-11-01", value: 100 },
      { at: "2026-11-02", value: 110 },
      // 2026-11-03 missed: no point at all.
      { at: "2026-11-04", value: 90 },
      { at: "2026-11-05", value: null },
      { at: "2026-11-06", value: 95 },
    ];
    drawRankChart(page, font, { x: 0, y: 0, width: 500, height: 200 }, [{ label: "B0GAP", points }]);
    // One line, 1st to 2nd; the 4th and the 6th each start a new piece, drawn as a dot.
    expect(lines).toHaveLength(1);
    expect(dots).toHaveLength(3);
  });
});

import { describe, expect, it } from "vitest";
import { decodePDFRawStream, PDFArray, PDFDocument, PDFRawStream } from "pdf-lib";
import type { ExportTable } from "../../../worker/exports/export-table";
import { tableToPdf } from "../../../worker/exports/pdf";
import { parseSvgLogo } from "../../../worker/exports/pdf-svg";

const svg = (inner: string, root = `viewBox="0 0 120 30"`) => `<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" ${root}>${inner}</svg>`;

describe("an SVG logo as pdf-lib draws it (pure)", () => {
  it("reads the viewBox and each filled path, with the root's fill inherited and #rgb expanded", () => {
    expect(parseSvgLogo(svg(`<title>Acme</title><path d="M0 0h10v10H0z" fill="#7c2d12"/><path d="M20 0h5v5z"/><path d="M1 1" fill="none"/>`, `viewBox="0 0 120 30" fill="#abc"`))).toEqual({
      width: 120,
      height: 30,
      paths: [{ d: "M0 0h10v10H0z", fill: "#7c2d12" }, { d: "M20 0h5v5z", fill: "#aabbcc" }],
    });
    expect(parseSvgLogo(svg(`<path d="M0 0h1v1z"/>`, `width="64" height="16"`))).toMatchObject({ width: 64, height: 16 });
  });

  it("answers null for what it cannot draw faithfully, so the PDF shows the name alone", () => {
    for (const inner of [
      `<g transform="scale(2)"><path d="M0 0h1v1z"/></g>`,
      `<rect width="10" height="10"/>`,
      `<path d="M0 0h1v1z" stroke="#000"/>`,
      `<path d="M0 0h1v1z" style="fill:red"/>`,
      `<path d="M0 0h1v1z" fill="url(#g)"/><defs><linearGradient id="g"/></defs>`,
      `<path d="M0 0h1v1z" fill="rebeccapurple"/>`,
      ``,
    ]) {
      expect(parseSvgLogo(svg(inner)), inner).toBeNull();
    }
    expect(parseSvgLogo(svg(`<path d="M0 0h1v1z"/>`, `viewBox="5 5 10 10"`))).toBeNull();
  });
});

async function pageOps(bytes: Uint8Array): Promise<string> {
  const doc = await PDFDocument.load(bytes);
  const contents = doc.getPages()[0]!.node.Contents()!;
  const streams = contents instanceof PDFArray ? contents.asArray().map((ref) => doc.context.lookup(ref)) : [contents];
  return streams
    .map((s) => new TextDecoder("latin1").decode(s instanceof PDFRawStream ? decodePDFRawStream(s).decode() : (s as unknown as { getContents(): Uint8Array }).getContents()))
    .join("\n");
}

describe("a PDF with an SVG logo", () => {
  const table: ExportTable = { fileStem: "t", title: "Watchlist", columns: ["ASIN"], rows: [["B000000001"]], notes: [] };

  it("draws a plain SVG's paths in their colour", async () => {
    const logo = svg(`<path d="M0 0h120v30H0z" fill="#7c2d12"/>`);
    const ops = await pageOps(await tableToPdf(table, "a4", 0, { name: "Acme Agency", accent: null, pngLogo: null, svgLogo: logo }));
    // #7c2d12 = 0.486 0.176 0.071
    expect(ops).toMatch(/0\.48\d* 0\.17\d* 0\.07\d* rg/);
  });

  it("leaves an SVG it cannot draw out, and the name stands alone", async () => {
    const logo = svg(`<rect width="120" height="30" fill="#7c2d12"/>`);
    const ops = await pageOps(await tableToPdf(table, "a4", 0, { name: "Acme Agency", accent: null, pngLogo: null, svgLogo: logo }));
    expect(ops).not.toMatch(/0\.48\d* 0\.17\d* 0\.07\d* rg/);
  });
});

import { decodePDFRawStream, PDFArray, PDFDocument, PDFRawStream, type PDFStream } from "pdf-lib";

/**
 * Loads a PDF back with pdf-lib and returns its pages' sizes and the text they draw. pdf-lib
 * writes standard-font text as hex strings shown with Tj, so the text is read from those.
 */
export async function readPdf(bytes: Uint8Array): Promise<{ doc: PDFDocument; text: string; sizes: [number, number][] }> {
  const doc = await PDFDocument.load(bytes);
  const texts: string[] = [];
  for (const page of doc.getPages()) {
    const contents = page.node.Contents();
    const streams = contents instanceof PDFArray ? contents.asArray().map((ref) => doc.context.lookup(ref) as PDFStream) : [contents!];
    for (const stream of streams) {
      const data = stream instanceof PDFRawStream ? decodePDFRawStream(stream).decode() : stream.getContents();
      const source = new TextDecoder("latin1").decode(data);
      for (const match of source.matchAll(/<([0-9A-Fa-f]*)>\s*Tj/g)) {
        const hex = match[1]!;
        texts.push(String.fromCharCode(...Array.from({ length: hex.length / 2 }, (_, i) => parseInt(hex.slice(i * 2, i * 2 + 2), 16))));
      }
    }
  }
  return { doc, text: texts.join("\n"), sizes: doc.getPages().map((p) => [Math.round(p.getWidth()), Math.round(p.getHeight())]) };
}

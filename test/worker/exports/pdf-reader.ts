import { decodePDFRawStream, PDFArray, PDFDict, PDFDocument, PDFName, PDFRawStream, type PDFStream } from "pdf-lib";

/** WinAnsi's 0x80–0x9F, where it differs from Latin-1 (the rest of its bytes are Latin-1). */
const WIN_ANSI_HIGH: Record<number, string> = {
  0x80: "€", 0x82: "‚", 0x83: "ƒ", 0x84: "„", 0x85: "…", 0x86: "†", 0x87: "‡", 0x88: "ˆ", 0x89: "‰", 0x8a: "Š", 0x8b: "‹",
  0x8c: "Œ", 0x8e: "Ž", 0x91: "‘", 0x92: "’", 0x93: "“", 0x94: "”", 0x95: "•", 0x96: "–", 0x97: "—", 0x98: "˜", 0x99: "™",
  0x9a: "š", 0x9b: "›", 0x9c: "œ", 0x9e: "ž", 0x9f: "Ÿ",
};

const bytesOf = (hex: string) => Array.from({ length: hex.length / 2 }, (_, i) => parseInt(hex.slice(i * 2, i * 2 + 2), 16));

/** A shown string as text: UTF-16BE in a Type0 (CID) font, else WinAnsi bytes. */
function decode(hex: string, cid: boolean): string {
  const bytes = bytesOf(hex);
  if (cid) return String.fromCharCode(...Array.from({ length: bytes.length / 2 }, (_, i) => (bytes[i * 2]! << 8) | bytes[i * 2 + 1]!));
  return bytes.map((b) => WIN_ANSI_HIGH[b] ?? String.fromCharCode(b)).join("");
}

/**
 * Loads a PDF back with pdf-lib and returns its pages' sizes and the text they draw: one line per
 * text object (BT … ET), its strings decoded by the font each is shown in.
 */
export async function readPdf(bytes: Uint8Array): Promise<{ doc: PDFDocument; text: string; sizes: [number, number][]; cidFonts: PDFDict[] }> {
  const doc = await PDFDocument.load(bytes);
  const texts: string[] = [];
  const cidFonts: PDFDict[] = [];
  for (const page of doc.getPages()) {
    const fontDicts = page.node.Resources()?.lookupMaybe(PDFName.of("Font"), PDFDict);
    const isCid = new Map<string, boolean>();
    for (const [name, ref] of fontDicts?.entries() ?? []) {
      const font = doc.context.lookup(ref, PDFDict);
      const cid = font.get(PDFName.of("Subtype"))?.toString() === "/Type0";
      if (cid && !cidFonts.includes(font)) cidFonts.push(font);
      isCid.set(name.toString(), cid);
    }
    const contents = page.node.Contents();
    const streams = contents instanceof PDFArray ? contents.asArray().map((ref) => doc.context.lookup(ref) as PDFStream) : [contents!];
    for (const stream of streams) {
      const data = stream instanceof PDFRawStream ? decodePDFRawStream(stream).decode() : stream.getContents();
      const source = new TextDecoder("latin1").decode(data);
      let font = "";
      let line: string[] | null = null;
      for (const match of source.matchAll(/\bBT\b|\bET\b|(\/[^\s/<>[\]()]+)\s+[\d.]+\s+Tf|<([0-9A-Fa-f]*)>\s*Tj/g)) {
        if (match[0] === "BT") line = [];
        else if (match[0] === "ET") {
          if (line?.length) texts.push(line.join(""));
          line = null;
        } else if (match[1]) font = match[1];
        else if (match[2] !== undefined) (line ?? texts).push(decode(match[2], isCid.get(font) ?? false));
      }
    }
  }
  return { doc, text: texts.join("\n"), sizes: doc.getPages().map((p) => [Math.round(p.getWidth()), Math.round(p.getHeight())]), cidFonts };
}

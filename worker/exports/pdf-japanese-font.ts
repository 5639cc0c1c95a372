import { PDFHexString, PDFName, PDFString, type PDFDocument, type PDFRef } from "pdf-lib";

/**
 * A Japanese font for the PDF exports that costs no bytes in the Worker: one of the PDF standard's
 * predefined CJK fonts (Adobe-Japan1, "HeiseiKakuGo-W5", a sans like Helvetica), referenced and
 * not embedded, with the predefined Unicode CMap UniJIS-UCS2-H, so text is written as UTF-16 and
 * every PDF reader draws it with a Japanese font it has (Acrobat, Chrome, Firefox, Preview, Edge
 * and poppler do). A JP store's titles then print as Japanese. Embedding a Japanese font instead
 * would add some 4-5 MB to the Worker and its subsetting seconds of CPU to each export.
 */
const NAME = "HeiseiKakuGo-W5";

/** A ToUnicode map for copy and search: each code is its own UTF-16 code unit (surrogates excluded). */
function toUnicodeCMap(): string {
  const ranges: string[] = [];
  for (let high = 0; high <= 0xff; high += 1) {
    if (high >= 0xd8 && high <= 0xdf) continue;
    const h = high.toString(16).padStart(2, "0").toUpperCase();
    ranges.push(`<${h}00> <${h}FF> <${h}00>`);
  }
  const blocks: string[] = [];
  for (let i = 0; i < ranges.length; i += 100) {
    const chunk = ranges.slice(i, i + 100);
    blocks.push(`${chunk.length} beginbfrange\n${chunk.join("\n")}\nendbfrange`);
  }
  return [
    "/CIDInit /ProcSet findresource begin", "12 dict begin", "begincmap",
    "/CIDSystemInfo << /Registry (Adobe) /Ordering (UCS) /Supplement 0 >> def",
    "/CMapName /Adobe-Identity-UCS def", "/CMapType 2 def",
    "1 begincodespacerange", "<0000> <FFFF>", "endcodespacerange",
    ...blocks,
    "endcmap", "CMapName currentdict /CMapResource defineresource pop", "end", "end",
  ].join("\n");
}

/** The font's objects, added to the document on its first Japanese text only: a US export carries none of it. */
export function lazyJapaneseFont(doc: PDFDocument): () => PDFRef {
  let ref: PDFRef | null = null;
  return () => {
    if (ref) return ref;
    const { context } = doc;
    const descriptor = context.register(
      context.obj({
        Type: "FontDescriptor", FontName: NAME, Flags: 4, FontBBox: [-92, -250, 1010, 922], ItalicAngle: 0,
        Ascent: 752, Descent: -221, CapHeight: 737, StemV: 114, XHeight: 553,
      }),
    );
    const cidFont = context.register(
      context.obj({
        Type: "Font", Subtype: "CIDFontType0", BaseFont: NAME,
        CIDSystemInfo: { Registry: PDFString.of("Adobe"), Ordering: PDFString.of("Japan1"), Supplement: 2 },
        FontDescriptor: descriptor,
        // One em wide, but half-width katakana (CIDs 327-389): the widths pdf-text.ts measures with.
        DW: 1000, W: [327, 389, 500],
      }),
    );
    const toUnicode = context.register(context.flateStream(toUnicodeCMap()));
    ref = context.register(
      context.obj({
        Type: "Font", Subtype: "Type0", BaseFont: NAME, Encoding: PDFName.of("UniJIS-UCS2-H"),
        DescendantFonts: [cidFont], ToUnicode: toUnicode,
      }),
    );
    return ref;
  };
}

/** Text as the font's codes: UTF-16BE, the text being all BMP (pdf-text.ts keeps only Japanese there). */
export function japaneseCodes(text: string): PDFHexString {
  let hex = "";
  for (let i = 0; i < text.length; i += 1) hex += text.charCodeAt(i).toString(16).padStart(4, "0");
  return PDFHexString.of(hex);
}

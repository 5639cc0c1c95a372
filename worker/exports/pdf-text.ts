/**
 * Text as the PDF can print it. Pure. The standard font (Helvetica) prints WinAnsi: Latin-1 and a
 * few marks (€ ™ • – “ ”); Japanese (kana, kanji, full- and half-width forms, the symbols JIS
 * has) goes to a Japanese CID font (pdf-japanese-font.ts); any other letter is printed as its
 * base letter (č → c) when it has one, else as "?", and the PDF then says so (pdf.ts).
 */

/** Kept out of the PDF: line breaks print as spaces, invisible marks (emoji joiners, variation selectors) as nothing. */
const SPACE = /[\t\n\r\v\f\u2028\u2029]/g;
const INVISIBLE = /[\u00AD\u200B-\u200F\u2060\uFE0E\uFE0F\u{1F3FB}-\u{1F3FF}]/gu;
const STAND_INS: Record<string, string> = { "\u2010": "-", "\u2011": "-", "\u2212": "-", "\u2032": "'", "\u2033": '"' };

/** What the Japanese font (Adobe-Japan1, read through UniJIS-UCS2-H) holds, as code-point ranges. */
const JAPANESE: readonly [number, number][] = [
  [0x0391, 0x03a9], [0x03b1, 0x03c9], [0x0401, 0x0401], [0x0410, 0x044f], [0x0451, 0x0451],
  [0x2015, 0x2016], [0x2025, 0x2025], [0x203b, 0x203b], [0x2103, 0x2103], [0x2116, 0x2116], [0x2121, 0x2121],
  [0x2160, 0x217f], [0x2190, 0x2193], [0x21d2, 0x21d4], [0x221e, 0x221e], [0x2234, 0x2235], [0x2252, 0x2252],
  [0x2260, 0x2261], [0x2266, 0x2267], [0x2460, 0x2473], [0x2500, 0x254b], [0x25a0, 0x25ef], [0x2605, 0x2606],
  [0x2640, 0x2642], [0x266a, 0x266f], [0x3000, 0x303f], [0x3041, 0x30ff], [0x31f0, 0x31ff], [0x3200, 0x33ff],
  [0x3400, 0x4dbf], [0x4e00, 0x9fff], [0xf900, 0xfaff], [0xff01, 0xff9f], [0xffe0, 0xffe5],
];

export function isJapanese(code: number): boolean {
  return JAPANESE.some(([from, to]) => code >= from && code <= to);
}

/** Half-width katakana and marks: half an em in the Japanese font; everything else there is one em. */
export const isHalfWidth = (code: number) => code >= 0xff61 && code <= 0xff9f;

/**
 * The text with every character one of the fonts prints (`latin` is the standard font's code
 * points), and whether anything had to become "?".
 */
export function printableText(text: string, latin: ReadonlySet<number>): { text: string; lossy: boolean } {
  let out = "";
  let lossy = false;
  const clean = text.normalize("NFC").replace(SPACE, " ").replace(INVISIBLE, "");
  for (const ch of clean) {
    const code = ch.codePointAt(0)!;
    if (latin.has(code) || isJapanese(code)) out += ch;
    else if (STAND_INS[ch] !== undefined) out += STAND_INS[ch];
    else {
      // A letter with a diacritic the font lacks (č, ş, ź) prints as its base letter.
      const base = ch.normalize("NFD").replace(/\p{M}/gu, "");
      const baseCode = base.length === 1 ? base.codePointAt(0)! : -1;
      if (base !== ch && latin.has(baseCode)) out += base;
      else if (/\p{M}/u.test(ch)) continue;
      else {
        out += "?";
        lossy = true;
      }
    }
  }
  return { text: out, lossy };
}

/** Printable text cut into runs for one font each: the standard font's, or the Japanese font's. */
export function textRuns(printable: string, latin: ReadonlySet<number>): { text: string; japanese: boolean }[] {
  const runs: { text: string; japanese: boolean }[] = [];
  for (const ch of printable) {
    const japanese = !latin.has(ch.codePointAt(0)!);
    const last = runs[runs.length - 1];
    if (last && last.japanese === japanese) last.text += ch;
    else runs.push({ text: ch, japanese });
  }
  return runs;
}

/** What fitting and wrapping need of a typeface: its printable text and its widths. */
export interface TextMeasure {
  printable(text: string): string;
  width(printable: string, size: number): number;
}

/** The text cut with an ellipsis so it fits `width` points. */
export function fitText(text: string, face: TextMeasure, size: number, width: number): string {
  const clean = face.printable(text);
  if (face.width(clean, size) <= width) return clean;
  const chars = Array.from(clean);
  let low = 0;
  let high = chars.length;
  while (low < high) {
    const mid = Math.ceil((low + high) / 2);
    if (face.width(`${chars.slice(0, mid).join("")}...`, size) <= width) low = mid;
    else high = mid - 1;
  }
  return `${chars.slice(0, low).join("")}...`;
}

/** Words laid into lines no wider than `width` points; a word wider than a line (Japanese has no spaces) is broken between characters. */
export function wrapText(text: string, face: TextMeasure, size: number, width: number): string[] {
  const lines: string[] = [];
  let line = "";
  const fits = (candidate: string) => face.width(candidate, size) <= width;
  for (const word of face.printable(text).split(" ").filter(Boolean)) {
    const next = line ? `${line} ${word}` : word;
    if (fits(next)) {
      line = next;
      continue;
    }
    if (line) lines.push(line);
    line = "";
    for (const ch of word) {
      if (line && !fits(line + ch)) {
        lines.push(line);
        line = "";
      }
      line += ch;
    }
  }
  if (line) lines.push(line);
  return lines;
}

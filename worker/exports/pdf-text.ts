import type { PDFFont } from "pdf-lib";

/** The standard PDF fonts carry WinAnsi only: common typographic marks get plain stand-ins, anything else a "?". */
const STAND_INS: Record<string, string> = {
  "\u2018": "'", "\u2019": "'", "\u201C": '"', "\u201D": '"', "\u2013": "-", "\u2014": "-", "\u2026": "...", "\u00A0": " ",
};

export function winAnsi(text: string): string {
  let out = "";
  for (const ch of text) {
    const code = ch.codePointAt(0)!;
    if (STAND_INS[ch] !== undefined) out += STAND_INS[ch];
    else if ((code >= 0x20 && code <= 0x7e) || (code >= 0xa1 && code <= 0xff)) out += ch;
    else if (ch === "\n" || ch === "\t") out += " ";
    else out += "?";
  }
  return out;
}

/** The text cut with an ellipsis so it fits `width` points. */
export function fitText(text: string, font: PDFFont, size: number, width: number): string {
  const clean = winAnsi(text);
  if (font.widthOfTextAtSize(clean, size) <= width) return clean;
  let low = 0;
  let high = clean.length;
  while (low < high) {
    const mid = Math.ceil((low + high) / 2);
    if (font.widthOfTextAtSize(`${clean.slice(0, mid)}...`, size) <= width) low = mid;
    else high = mid - 1;
  }
  return `${clean.slice(0, low)}...`;
}

/** Words laid into lines no wider than `width` points. */
export function wrapText(text: string, font: PDFFont, size: number, width: number): string[] {
  const lines: string[] = [];
  let line = "";
  for (const word of winAnsi(text).split(/\s+/)) {
    const next = line ? `${line} ${word}` : word;
    if (line && font.widthOfTextAtSize(next, size) > width) {
      lines.push(line);
      line = word;
    } else {
      line = next;
    }
  }
  if (line) lines.push(line);
  return lines;
}

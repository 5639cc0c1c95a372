import {
  beginText, endText, popGraphicsState, pushGraphicsState, rgb, setFillingColor, setFontAndSize, setTextMatrix, showText,
  type Color, type PDFFont, type PDFName, type PDFPage, type PDFRef,
} from "pdf-lib";
import { japaneseCodes } from "./pdf-japanese-font";
import { isHalfWidth, printableText, textRuns, type TextMeasure } from "./pdf-text";

/** What a document's typefaces share: its Japanese font (added on first use) and whether any text lost a character. */
export class PdfScripts {
  lossy = false;
  constructor(readonly japanese: () => PDFRef) {}
}

export interface TextStyle {
  x: number;
  y: number;
  size: number;
  color?: Color;
}

/**
 * A standard font (Helvetica or its bold) with the Japanese font behind it: each line is drawn
 * as runs, WinAnsi text in the standard font and Japanese in the Japanese one, in one text object.
 */
export class PdfTypeface implements TextMeasure {
  private readonly latinSet: ReadonlySet<number>;
  private readonly fontKeys = new WeakMap<PDFPage, { latin?: PDFName; japanese?: PDFName }>();

  constructor(
    private readonly latin: PDFFont,
    private readonly scripts: PdfScripts,
  ) {
    this.latinSet = new Set(latin.getCharacterSet());
  }

  printable(text: string): string {
    const result = printableText(text, this.latinSet);
    if (result.lossy) this.scripts.lossy = true;
    return result.text;
  }

  /** The width of printable text, in points. */
  width(printable: string, size: number): number {
    let width = 0;
    for (const run of textRuns(printable, this.latinSet)) {
      if (!run.japanese) width += this.latin.widthOfTextAtSize(run.text, size);
      else for (const ch of run.text) width += isHalfWidth(ch.codePointAt(0)!) ? size / 2 : size;
    }
    return width;
  }

  /**
   * Draws printable text: what fitText and wrapText answer, or plain ASCII. It is not made
   * printable again here: every table cell went through fitText or wrapText already.
   */
  draw(page: PDFPage, printable: string, { x, y, size, color = rgb(0, 0, 0) }: TextStyle): void {
    const runs = textRuns(printable, this.latinSet);
    if (runs.length === 0) return;
    const operators = [pushGraphicsState(), beginText(), setFillingColor(color), setTextMatrix(1, 0, 0, 1, x, y)];
    for (const run of runs) {
      operators.push(
        setFontAndSize(this.fontKey(page, run.japanese), size),
        showText(run.japanese ? japaneseCodes(run.text) : this.latin.encodeText(run.text)),
      );
    }
    operators.push(endText(), popGraphicsState());
    page.pushOperators(...operators);
  }

  /** The font's name in the page's resources, added on its first use on that page. */
  private fontKey(page: PDFPage, japanese: boolean): PDFName {
    let keys = this.fontKeys.get(page);
    if (!keys) this.fontKeys.set(page, (keys = {}));
    if (japanese) return (keys.japanese ??= page.node.newFontDictionary("Jpan", this.scripts.japanese()));
    return (keys.latin ??= page.node.newFontDictionary(this.latin.name, this.latin.ref));
  }
}

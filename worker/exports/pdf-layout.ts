import { rgb, type PDFDocument, type PDFPage } from "pdf-lib";
import { fitText, wrapText } from "./pdf-text";
import type { PdfTypeface } from "./pdf-typeface";

export const MARGIN = 40;
/** Room kept at the bottom of every page for the Associates notice and the page number. */
const FOOTER_HEIGHT = 34;

export interface Fonts {
  regular: PdfTypeface;
  bold: PdfTypeface;
}

/** Pages laid top to bottom: a cursor `y` on the current page, and a new page when the next block does not fit. */
export class Layout {
  page!: PDFPage;
  y = 0;
  pages: PDFPage[] = [];
  constructor(
    private readonly doc: PDFDocument,
    private readonly size: [number, number],
    readonly fonts: Fonts,
  ) {
    this.newPage();
  }
  get width() {
    return this.size[0] - 2 * MARGIN;
  }
  newPage() {
    this.page = this.doc.addPage(this.size);
    this.pages.push(this.page);
    this.y = this.size[1] - MARGIN;
  }
  /** Room for `height` more points above the footer, or a new page. */
  need(height: number): boolean {
    if (this.y - height >= MARGIN + FOOTER_HEIGHT) return false;
    this.newPage();
    return true;
  }
  text(text: string, size: number, bold = false, color = rgb(0, 0, 0)) {
    this.need(size + 4);
    this.y -= size + 4;
    const face = bold ? this.fonts.bold : this.fonts.regular;
    face.draw(this.page, fitText(text, face, size, this.width), { x: MARGIN, y: this.y, size, color });
  }
  paragraph(text: string, size: number) {
    for (const line of wrapText(text, this.fonts.regular, size, this.width)) this.text(line, size);
  }
}

/** The PDF export's paper sizes: apart from pdf.ts, so the route's schema does not load pdf-lib at start-up. */
export type PaperSize = "a4" | "letter";
export const PAPER_SIZES: readonly PaperSize[] = ["a4", "letter"];

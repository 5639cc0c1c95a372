/**
 * A name people type that later reaches an email header, a subject line or a PDF: one line of
 * plain text. Refused: control characters (CR and LF above all, which would start a new header
 * such as Bcc:, and NUL) and Unicode's bidirectional controls (U+202E and the like), which
 * show a name other than it is ("Acme" reading as a different sender).
 */
export const SINGLE_LINE = /^[^\p{Cc}\p{Bidi_Control}]*$/u;

/** The 422 message of a field that is not one line of plain text. */
export const notSingleLine = (label: string) => `${label} must be one line of text, without control characters`;

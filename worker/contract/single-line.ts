/**
 * A name people type that later reaches an email header, a subject line or a PDF: one line of
 * plain text. Refused: control characters (CR and LF above all, which would start a new header
 * such as Bcc:, and NUL) and Unicode's bidirectional controls (U+202E and the like), which
 * show a name other than it is ("Acme" reading as a different sender).
 *
 * Both are written as code points, not as `\p{Cc}` and `\p{Bidi_Control}` (the same 65 and 12,
 * all in the BMP): those need the `u` flag, and the OpenAPI generator (zod-to-openapi 9.1)
 * writes a flagged regex's pattern with its "/u" left on, a pattern that matches nothing.
 */
export const SINGLE_LINE = /^[^\u0000-\u001F\u007F-\u009F\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]*$/;

/** Control characters only (the contact form's name and company). */
export const NO_CONTROL_CHARACTERS = /^[^\u0000-\u001F\u007F-\u009F]*$/;

/** The 422 message of a field that is not one line of plain text. */
export const notSingleLine = (label: string) => `${label} must be one line of text, without control characters`;

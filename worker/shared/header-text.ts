/**
 * A value safe to put in an email header: control characters (CR and LF above all, which
 * would start a new header such as Bcc:) become spaces, runs of space collapse, and the
 * result is trimmed. Inputs are already refused when they carry any; this is the last guard.
 */
export function headerText(value: string): string {
  return value.replace(/\p{Cc}+/gu, " ").replace(/ {2,}/g, " ").trim();
}

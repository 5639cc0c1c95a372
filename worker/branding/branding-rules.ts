/**
 * What a workspace may set as its report branding (docs/branding.md): pure checks, no I/O, so
 * every rule is tested directly. A refusal is a sentence the settings page shows as is.
 */

/** The biggest logo accepted: a header image, never a photo. */
export const LOGO_MAX_BYTES = 256 * 1024;
export const DISPLAY_NAME_MAX = 80;
/** WCAG AA for normal text: the accent is a background behind white headings in emails and PDFs. */
export const MIN_CONTRAST_WITH_WHITE = 4.5;

export type LogoType = "image/png" | "image/svg+xml";
export const LOGO_TYPE_DETAIL = "The logo must be a PNG (image/png) or an SVG (image/svg+xml).";

/** The declared media type (parameters dropped), when it is one a logo may be. */
export function logoTypeOf(contentType: string | null): LogoType | null {
  const type = (contentType ?? "").split(";")[0]!.trim().toLowerCase();
  return type === "image/png" || type === "image/svg+xml" ? type : null;
}
export type Checked<T> = { ok: true; value: T } | { ok: false; detail: string };

const PNG_MAGIC = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

/** A display name: trimmed, 1–80 characters, no control characters (it goes into email headers and PDFs). */
export function checkDisplayName(raw: string): Checked<string> {
  const name = raw.trim().replace(/\s+/g, " ");
  if (name.length === 0) return { ok: false, detail: "The display name is empty." };
  if (name.length > DISPLAY_NAME_MAX) return { ok: false, detail: `The display name is longer than ${DISPLAY_NAME_MAX} characters.` };
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f<>]/.test(name)) return { ok: false, detail: "The display name may not contain control characters or < >." };
  return { ok: true, value: name };
}

/** WCAG relative luminance of #rrggbb. */
function luminance(hex: string): number {
  const [r, g, b] = rgbChannels(hex).map((c) => (c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4)) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** The contrast ratio of white text on the colour (1 to 21). */
export function contrastWithWhite(hex: string): number {
  return 1.05 / (luminance(hex) + 0.05);
}

/** An accent colour: #rrggbb, stored lower case, dark enough to carry white text. */
export function checkAccentColor(raw: string): Checked<string> {
  const hex = raw.trim().toLowerCase();
  if (!/^#[0-9a-f]{6}$/.test(hex)) return { ok: false, detail: "The accent colour must be #rrggbb, e.g. #1d4ed8." };
  const ratio = contrastWithWhite(hex);
  if (ratio < MIN_CONTRAST_WITH_WHITE) {
    return {
      ok: false,
      detail: `The accent colour ${hex} is too light for white text (contrast ${ratio.toFixed(2)}:1, at least ${MIN_CONTRAST_WITH_WHITE}:1 is needed). Choose a darker shade.`,
    };
  }
  return { ok: true, value: hex };
}

/** SVG content that could run or fetch something: scripts, handlers, foreign HTML, external references. */
const SVG_DANGERS: [RegExp, string][] = [
  [/<!DOCTYPE|<!ENTITY/i, "a DOCTYPE or entity declaration"],
  // An element may carry a namespace prefix (<s:script xmlns:s=…> is an SVG script all the same).
  [/<\s*(?:[\w.-]+:)?script\b/i, "a script element"],
  [/<\s*(?:[\w.-]+:)?foreignObject\b/i, "a foreignObject element"],
  [/<\s*(?:[\w.-]+:)?(iframe|embed|object|audio|video|image|use|a|animate|set|handler|listener)\b/i, "an element that loads, links or animates content"],
  [/\son[a-z]+\s*=/i, "an event handler attribute (on…)"],
  [/javascript\s*:|data\s*:\s*text\/html/i, "a script URL"],
  [/@import|url\s*\(\s*(?!['"]?#)/i, "an external style reference"],
  [/(?:xlink:)?href\s*=\s*["']\s*(?!#)/i, "a link to another document"],
  // CSS reads u\72l( as url( and @\69mport as @import; a logo's shapes and text need no backslash.
  [/\\/, "a backslash (a CSS escape)"],
];

/** The text as the XML parser hands it on: character references and the predefined entities decoded. */
function decodeXmlReferences(text: string): string {
  const named: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'" };
  return text.replace(/&(?:#x([0-9a-f]+)|#(\d+)|(amp|lt|gt|quot|apos));/gi, (whole, hex: string | undefined, dec: string | undefined, name: string | undefined) => {
    if (name) return named[name.toLowerCase()] ?? whole;
    const code = Number.parseInt(hex ?? dec ?? "", hex ? 16 : 10);
    return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
  });
}

/**
 * Checks logo bytes by what they are, never by the declared type: a PNG by its signature and
 * IHDR chunk; an SVG by its XML root being <svg> in the SVG namespace, with nothing that runs
 * or fetches (such a file is refused, not cleaned: a logo has no need for any of it).
 */
export function checkLogo(bytes: Uint8Array, declaredType: string | null): Checked<LogoType> {
  if (bytes.byteLength === 0) return { ok: false, detail: "The logo file is empty." };
  if (bytes.byteLength > LOGO_MAX_BYTES) return { ok: false, detail: `The logo is larger than ${LOGO_MAX_BYTES / 1024} kB.` };
  const type = logoTypeOf(declaredType);
  if (!type) return { ok: false, detail: LOGO_TYPE_DETAIL };
  if (type === "image/png") {
    const isPng = PNG_MAGIC.every((byte, i) => bytes[i] === byte) && String.fromCharCode(...bytes.slice(12, 16)) === "IHDR";
    return isPng ? { ok: true, value: type } : { ok: false, detail: "The file is not a PNG image." };
  }
  let text: string;
  try {
    text = new TextDecoder("utf-8", { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    return { ok: false, detail: "The SVG is not UTF-8 text." };
  }
  // The root: after an optional BOM, XML declaration and comments, the first element must be <svg>.
  const body = text.replace(/^\uFEFF/, "").replace(/^\s*<\?xml[^>]*\?>/, "").replace(/<!--[\s\S]*?-->/g, "").trimStart();
  const root = /^<svg\b[^>]*>/i.exec(body);
  if (!root || !/xmlns\s*=\s*["']http:\/\/www\.w3\.org\/2000\/svg["']/.test(root[0])) {
    return { ok: false, detail: "The file is not an SVG image (its root element must be <svg xmlns=\"http://www.w3.org/2000/svg\">)." };
  }
  // Checked as the parser reads it: a reference may spell "url(" in a value ("&lt;script" in text is refused too, needlessly but harmlessly).
  const decoded = decodeXmlReferences(body);
  for (const [pattern, what] of SVG_DANGERS) {
    if (pattern.test(decoded)) return { ok: false, detail: `The SVG contains ${what}; export a plain SVG (shapes and paths only).` };
  }
  return { ok: true, value: type };
}

/** The colour's 0–1 channels (the contrast check's, and pdf-lib's). */
export function rgbChannels(hex: string): [number, number, number] {
  return [0, 1, 2].map((i) => Number.parseInt(hex.slice(1 + 2 * i, 3 + 2 * i), 16) / 255) as [number, number, number];
}

/**
 * A plain SVG logo as pdf-lib can draw it: its viewBox and its <path> elements with their fill.
 * Pure. Anything else (a transform, a shape other than a path, a gradient, a stroke-only path, a
 * colour that is not #rgb/#rrggbb) answers null, and the PDF shows the name alone rather than a
 * logo drawn wrong (docs/branding.md).
 */
export interface SvgLogo {
  width: number;
  height: number;
  paths: { d: string; fill: string }[];
}

const DRAWABLE = /^(svg|path|title|desc|defs|metadata|g)$/i;

function attr(tag: string, name: string): string | null {
  const match = new RegExp(`\\s${name}\\s*=\\s*("([^"]*)"|'([^']*)')`, "i").exec(tag);
  return match ? (match[2] ?? match[3] ?? "") : null;
}

function hexColor(value: string | null, inherited: string): string | null {
  const color = (value ?? inherited).trim().toLowerCase();
  if (/^#[0-9a-f]{6}$/.test(color)) return color;
  if (/^#[0-9a-f]{3}$/.test(color)) return `#${[...color.slice(1)].map((c) => c + c).join("")}`;
  if (color === "black") return "#000000";
  if (color === "white") return "#ffffff";
  return null;
}

export function parseSvgLogo(svg: string): SvgLogo | null {
  const root = /<svg\b[^>]*>/i.exec(svg)?.[0];
  if (!root) return null;
  const box = (attr(root, "viewBox") ?? "").trim().split(/[\s,]+/).map(Number);
  const [minX, minY, width, height] = box.length === 4 ? box : [0, 0, Number(attr(root, "width")), Number(attr(root, "height"))];
  if (minX !== 0 || minY !== 0 || !(width! > 0) || !(height! > 0)) return null;
  const rootFill = attr(root, "fill") ?? "#000000";
  const paths: SvgLogo["paths"] = [];
  for (const match of svg.matchAll(/<\s*([a-zA-Z][\w:-]*)\b[^>]*>/g)) {
    const [tag, name] = match;
    if (!DRAWABLE.test(name!)) return null;
    if (attr(tag, "transform") !== null || attr(tag, "style") !== null || attr(tag, "stroke") !== null) return null;
    if (name!.toLowerCase() === "g" && attr(tag, "fill") !== null) return null;
    if (name!.toLowerCase() !== "path") continue;
    const d = attr(tag, "d");
    const fillValue = attr(tag, "fill");
    if (fillValue?.trim() === "none") continue;
    const fill = hexColor(fillValue, rootFill);
    if (!d || !fill) return null;
    paths.push({ d, fill });
  }
  return paths.length > 0 ? { width: width!, height: height!, paths } : null;
}

import { describe, expect, it } from "vitest";
import { DARK_SERIES, LIGHT_SERIES, seriesColour } from "../../../web/src/components/charts/chart-palette";
import { addStylesheets } from "../stylesheets";

const channels = (hex: string) => [1, 3, 5].map((at) => parseInt(hex.slice(at, at + 2), 16) / 255);
const linear = (c: number) => (c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4);

/** WCAG relative luminance and contrast ratio. */
function luminance(hex: string): number {
  const [r = 0, g = 0, b = 0] = channels(hex).map(linear);
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}
function contrast(a: string, b: string): number {
  const [high, low] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (high + 0.05) / (low + 0.05);
}

/** CIELAB (D65) and the CIEDE2000 colour difference: about 2 is just noticeable, 20 and up clearly other colours. */
function lab(hex: string): [number, number, number] {
  const [r = 0, g = 0, b = 0] = channels(hex).map(linear);
  const f = (t: number) => (t > 0.008856 ? Math.cbrt(t) : 7.787 * t + 16 / 116);
  const x = f((0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047);
  const y = f(0.2126 * r + 0.7152 * g + 0.0722 * b);
  const z = f((0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883);
  return [116 * y - 16, 500 * (x - y), 200 * (y - z)];
}
function deltaE2000(one: string, two: string): number {
  const [l1, a1, b1] = lab(one);
  const [l2, a2, b2] = lab(two);
  const rad = Math.PI / 180;
  const meanC = (Math.hypot(a1, b1) + Math.hypot(a2, b2)) / 2;
  const g = 0.5 * (1 - Math.sqrt(meanC ** 7 / (meanC ** 7 + 25 ** 7)));
  const [ap1, ap2] = [(1 + g) * a1, (1 + g) * a2];
  const [c1, c2] = [Math.hypot(ap1, b1), Math.hypot(ap2, b2)];
  const hue = (a: number, b: number) => (a === 0 && b === 0 ? 0 : (Math.atan2(b, a) / rad + 360) % 360);
  const [h1, h2] = [hue(ap1, b1), hue(ap2, b2)];
  let dh = c1 * c2 === 0 ? 0 : h2 - h1;
  if (dh > 180) dh -= 360;
  else if (dh < -180) dh += 360;
  const dH = 2 * Math.sqrt(c1 * c2) * Math.sin((dh / 2) * rad);
  const meanL = (l1 + l2) / 2;
  const meanCp = (c1 + c2) / 2;
  let meanH = h1 + h2;
  if (c1 * c2 !== 0) meanH = Math.abs(h1 - h2) > 180 ? (meanH < 360 ? meanH + 360 : meanH - 360) / 2 : meanH / 2;
  const t = 1 - 0.17 * Math.cos((meanH - 30) * rad) + 0.24 * Math.cos(2 * meanH * rad) + 0.32 * Math.cos((3 * meanH + 6) * rad) - 0.2 * Math.cos((4 * meanH - 63) * rad);
  const rotation = 30 * Math.exp(-(((meanH - 275) / 25) ** 2));
  const rc = 2 * Math.sqrt(meanCp ** 7 / (meanCp ** 7 + 25 ** 7));
  const sl = 1 + (0.015 * (meanL - 50) ** 2) / Math.sqrt(20 + (meanL - 50) ** 2);
  const sc = 1 + 0.045 * meanCp;
  const sh = 1 + 0.015 * meanCp * t;
  const rt = -Math.sin(2 * rotation * rad) * rc;
  return Math.sqrt(((l2 - l1) / sl) ** 2 + ((c2 - c1) / sc) ** 2 + (dH / sh) ** 2 + rt * ((c2 - c1) / sc) * (dH / sh));
}

/** The card the chart is drawn on, from base.css, in the light or dark theme. */
function cardBackground(dark: boolean): string {
  addStylesheets("base.css");
  document.documentElement.className = dark ? "dark" : "";
  return getComputedStyle(document.documentElement).getPropertyValue("--color-surface").trim();
}

describe.each([
  ["light", false, LIGHT_SERIES],
  ["dark", true, DARK_SERIES],
])("the chart lines in the %s theme", (_theme, dark, palette) => {
  it("keep 3:1 against the card (WCAG non-text contrast)", () => {
    const card = cardBackground(dark);
    expect(card).toMatch(/^#[0-9a-f]{6}$/);
    for (const colour of palette) expect([colour, contrast(colour, card)]).toEqual([colour, expect.toSatisfy((ratio: number) => ratio >= 3)]);
  });

  it("are ten clearly different colours, no two alike", () => {
    expect(new Set(Array.from({ length: 10 }, (_, index) => seriesColour(index, dark))).size).toBe(10);
    for (const [index, one] of palette.entries()) {
      for (const two of palette.slice(index + 1)) expect([one, two, deltaE2000(one, two) >= 20]).toEqual([one, two, true]);
    }
  });
});

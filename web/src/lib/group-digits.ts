/**
 * "12,345", or "12,345.7" with `fractionDigits` 1: |value| rounded half away from zero on
 * its shortest decimal form (as Intl rounds: 1.45 → "1.5"), with en-US digit grouping, and
 * "-" when negative and not rounded to zero. Intl-free on purpose: a page's first Intl call
 * sets up ICU, 25–75 ms of main thread in Chromium (×4 on a throttled phone), so the
 * numbers a page shows on its first render skip it.
 */
export function groupDigits(value: number, fractionDigits = 0): string {
  const [whole = "", fraction] = roundHalfExpand(Math.abs(value), fractionDigits).toFixed(fractionDigits).split(".");
  const grouped = whole.replace(/\B(?=(\d{3})+$)/g, ",");
  const text = fraction === undefined ? grouped : `${grouped}.${fraction}`;
  return value < 0 && /[1-9]/.test(text) ? `-${text}` : text;
}

/** Like groupDigits, with at most `maxFractionDigits` decimals: 1.50 → "1.5", 2.0 → "2". */
export function groupDigitsTrimmed(value: number, maxFractionDigits: number): string {
  const text = groupDigits(value, maxFractionDigits);
  return text.includes(".") ? text.replace(/\.?0+$/, "") : text;
}

/** Shifting through the decimal string rounds "1.45" itself, not the binary 1.4499…; beyond that range, as is. */
function roundHalfExpand(positive: number, digits: number): number {
  const shifted = Number(`${positive}e${digits}`);
  return Number.isFinite(shifted) ? Number(`${Math.round(shifted)}e-${digits}`) : positive;
}

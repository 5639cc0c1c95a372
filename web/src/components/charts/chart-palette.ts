/**
 * Line colours, one palette per theme: ten hues that stay apart (CIEDE2000 over 20 between any
 * two) and keep 3:1 against the theme's card (WCAG non-text contrast). One set for both cards
 * would have to be mid-tones only, and its hues crowd. chart-palette.test.tsx checks both.
 */
export const LIGHT_SERIES = ["#2563eb", "#b91c1c", "#059669", "#d97706", "#86198f", "#0891b2", "#115e59", "#d946ef", "#78716c", "#3f6212"] as const;
export const DARK_SERIES = ["#60a5fa", "#f87171", "#4ade80", "#fbbf24", "#c084fc", "#4d7c0f", "#67e8f9", "#b45309", "#a8a29e", "#0d9488"] as const;

/** The colour of the `index`th series in the light or dark theme (past ten, the colours repeat). */
export function seriesColour(index: number, dark: boolean): string {
  const palette = dark ? DARK_SERIES : LIGHT_SERIES;
  return palette[index % palette.length] ?? palette[0];
}

import { existsSync } from "node:fs";

/**
 * Debian's full Chromium (package chromium), or CHROMIUM_PATH: for what the headless shell cannot
 * do (the extension test's unpacked extension), and for the bench's and Lighthouse's real browser.
 */
export const FULL_CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

/**
 * Debian's headless shell (package chromium-headless-shell), or CHROMIUM_HEADLESS_PATH: Chromium's
 * old headless mode, the one Playwright runs headless tests in by default. On 2026-11-27's machine
 * a new context with its first page cost about 1 s of CPU in it against 3 s in the full browser's
 * headless mode, and a navigation about a third less. Without it, the full browser.
 */
export function headlessShellPath(): string {
  const shell = process.env.CHROMIUM_HEADLESS_PATH ?? "/usr/bin/chromium-headless-shell";
  if (existsSync(shell)) return shell;
  console.warn(`${shell} not found (apt-get install chromium-headless-shell): the browser tests run in ${FULL_CHROMIUM}, about twice the CPU`);
  return FULL_CHROMIUM;
}

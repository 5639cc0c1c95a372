import { onTestFinished } from "vitest";

/**
 * Node's file reading and working directory, typed here: the web program (tsconfig.web.json) has
 * DOM types only, but vitest runs these tests in Node, from the repository's root. A `?raw` import
 * of a .css file would not do: vitest empties every CSS module it does not process.
 */
interface NodeFs {
  readFileSync(path: string, encoding: "utf8"): string;
}
const NODE_FS = "node:fs";
const { readFileSync } = (await import(/* @vite-ignore */ NODE_FS)) as NodeFs;
const STYLES_DIR = `${(globalThis as unknown as { process: { cwd(): string } }).process.cwd()}/web/src/styles`;

/**
 * Puts the app's own stylesheets (web/src/styles/<name>) in the test's page for this test, so
 * getComputedStyle answers what the browser's cascade would: happy-dom draws no layout, but it
 * applies selectors, :disabled, :has() and media queries (its window is 1024 px wide).
 */
export function addStylesheets(...names: string[]): void {
  const style = document.createElement("style");
  style.textContent = names.map((name) => readFileSync(`${STYLES_DIR}/${name}`, "utf8")).join("\n");
  document.head.append(style);
  onTestFinished(() => style.remove());
}

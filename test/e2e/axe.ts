import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import type { Page } from "playwright-core";

type Axe = typeof import("axe-core");

const axeSource = readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");

export interface Violation {
  id: string;
  impact: string;
  help: string;
  /** CSS selectors of the offending elements. */
  targets: string[];
}

// The transform may wrap named inner functions in __name(); the page has no such helper.
const axeScript = `${axeSource}\nglobalThis.__name ??= (fn) => fn;`;

/**
 * Injects axe-core over DevTools (the page's CSP rightly blocks a <script>), once per page load:
 * a second evaluation of its 550 KB cost a fifth of a second here.
 */
export async function injectAxe(page: Page): Promise<void> {
  if (await page.evaluate(() => "axe" in window)) return;
  await page.evaluate(axeScript);
}

const axeOnEveryVisit = new WeakSet<Page>();

/**
 * As injectAxe, and from now on axe-core comes with every page `page` loads, as an init script the
 * browser keeps: for a tab that checks each page it visits. Sending the 550 KB over DevTools was
 * about 140 ms of a 230 ms injection on 2026-11-27's machine, after every visit.
 */
export async function injectAxeOnEveryVisit(page: Page): Promise<void> {
  if (!axeOnEveryVisit.has(page)) {
    axeOnEveryVisit.add(page);
    await page.addInitScript({ content: axeScript });
  }
  await injectAxe(page);
}

/** The rules whose outcome a theme can change: the rest read the DOM, which a theme leaves alone. */
export const COLOUR_RULES = ["color-contrast", "link-in-text-block"];

/** Runs axe-core on the page as it is now (every rule, or only `rules`) and returns its serious and critical violations. */
export async function seriousViolations(page: Page, rules?: readonly string[]): Promise<Violation[]> {
  await injectAxe(page);
  return page.evaluate(async (only) => {
    const axe = (window as unknown as { axe: Axe }).axe;
    const { violations } = await axe.run(document, { resultTypes: ["violations"], ...(only && { runOnly: { type: "rule", values: only } }) });
    return violations
      .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
      .map((violation) => ({
        id: violation.id,
        impact: violation.impact ?? "",
        help: violation.help,
        targets: violation.nodes.map((node) => node.target.join(" ")),
      }));
  }, rules ? [...rules] : undefined);
}

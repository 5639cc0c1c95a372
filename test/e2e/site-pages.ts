/**
 * What the site's browser tests share: loading a route and reading its head, the expected head
 * of each route, and axe in light and dark mode.
 */
import { expect } from "vitest";
import { siteUrl } from "../../build/site-url.ts";
import { ROUTE_PATHS, routeMeta, type RoutePath } from "../../web/src/app/route-meta.ts";
import { COLOUR_RULES, seriousViolations } from "./axe.ts";
import { gotoSettled, type BrowserTab } from "./browser.ts";

const SITE = siteUrl();
export const UNKNOWN_PATH = "/resources/nope";

/** /results needs an asin, or it sends the visitor home. */
export function visitPath(path: RoutePath): string {
  return path === "/results" ? "/results?asin=B08N5WRWNW&marketplace=US" : path;
}

/** Every page a visitor can load: each route as visited, and the 404 page. */
export const EVERY_PAGE_PATH: readonly string[] = [...ROUTE_PATHS.map(visitPath), UNKNOWN_PATH];

export function expectedHead(path: RoutePath) {
  const meta = routeMeta(path);
  return {
    title: `${meta.title} | RankLayer`,
    canonical: `${SITE}${path}`,
    ogUrl: `${SITE}${path}`,
    robots: meta.noindex ? "noindex, follow" : "index, follow",
  };
}

/** The site as one test file's tab sees it. */
export function sitePages(tab: BrowserTab, appUrl: string) {
  /**
   * Loads `path` and waits until its page (a lazy chunk) has rendered its heading; by default
   * also until the page's requests have settled, so its data has arrived too.
   */
  async function visit(path: string, waitUntil: "settled" | "load" = "settled") {
    const url = `${appUrl}${path}`;
    const response = waitUntil === "settled" ? await gotoSettled(tab.page, url) : await tab.page.goto(url, { waitUntil });
    await tab.page.locator("main h1").first().waitFor();
    return response;
  }

  function mainHeading(): Promise<string> {
    return tab.page.locator("main h1").first().innerText();
  }

  /** Title, canonical and og:url as the page's head has them now. */
  function headNow() {
    return tab.page.evaluate(() => ({
      title: document.title,
      canonical: document.head.querySelector('link[rel="canonical"]')?.getAttribute("href") ?? null,
      ogUrl: document.head.querySelector('meta[property="og:url"]')?.getAttribute("content") ?? null,
      robots: document.head.querySelector('meta[name="robots"]')?.getAttribute("content") ?? null,
    }));
  }

  function isDark(): Promise<boolean> {
    return tab.page.evaluate(() => document.documentElement.classList.contains("dark"));
  }

  /**
   * axe-core on the page as it is (light), then its colour rules again after switching to dark
   * mode with the toggle: the theme changes colours only, and a second full run of every route
   * cost the browser suite about 10 s of CPU.
   */
  async function expectAccessibleInLightAndDark() {
    expect(await isDark()).toBe(false);
    expect(await seriousViolations(tab.page), "light mode").toEqual([]);
    await tab.page.getByRole("button", { name: "Dark mode" }).click();
    expect(await isDark()).toBe(true);
    expect(await seriousViolations(tab.page, COLOUR_RULES), "dark mode").toEqual([]);
  }

  return { visit, mainHeading, headNow, isDark, expectAccessibleInLightAndDark };
}

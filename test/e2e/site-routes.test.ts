/**
 * Every route of the site in real Chromium against the built app under `wrangler dev`: it
 * renders cleanly with its own head tags, axe-core finds nothing serious on it in light or
 * dark mode, and the layout check finds nothing at 390 px; an unknown path answers 404 with an
 * accessible page.
 */
import { describe, expect, inject, it } from "vitest";
import { NOT_FOUND_META, ROUTE_PATHS } from "../../web/src/app/route-meta.ts";
import { injectAxeOnEveryVisit } from "./axe.ts";
import { useBrowserTab } from "./browser.ts";
import { builtCssClasses, drawnFindings, setLayoutWidth } from "./layout-checks.ts";
import { expectedHead, sitePages, UNKNOWN_PATH, visitPath } from "./site-pages.ts";

const appUrl = inject("appUrl");
// One tab for every route, reset between them: each test is a first visit without the cost of a new renderer.
const tab = useBrowserTab({}, { reuseTab: true });
const { visit, mainHeading, headNow, expectAccessibleInLightAndDark } = sitePages(tab, appUrl);
const styledClasses = builtCssClasses();

/**
 * The layout check's signed-out state in `npm test` (layout.test.ts checks it in every view with
 * LAYOUT_FULL=1), on this visit rather than a second one: at 390 px, in the dark theme the axe
 * check left the page in. Light is checked for contrast by axe at 1280 px.
 */
async function phoneLayoutFindings(): Promise<string[]> {
  await setLayoutWidth(tab.page, 390);
  return (await drawnFindings(tab.page, styledClasses)).map((finding) => `@390px dark: ${finding.check}: ${finding.element}: ${finding.detail}`);
}

describe("every route", () => {
  it.each(ROUTE_PATHS)("%s renders without console errors, axe finds nothing serious in light or dark mode, and its layout holds at 390 px", async (path) => {
    const response = await visit(visitPath(path));
    await injectAxeOnEveryVisit(tab.page);

    expect(response?.status()).toBe(200);
    expect(await mainHeading()).not.toBe(NOT_FOUND_META.title);
    if (path !== "/results") expect(await headNow()).toEqual(expectedHead(path)); // /results names its ASIN
    await expectAccessibleInLightAndDark();
    expect(await phoneLayoutFindings()).toEqual([]);
    expect(tab.consoleErrors).toEqual([]);
  });

  it("answers an unknown path with HTTP 404 and an accessible 404 tab.page, whose Back to Home link works", async () => {
    const response = await visit(UNKNOWN_PATH);
    await injectAxeOnEveryVisit(tab.page);

    expect(response?.status()).toBe(404);
    expect(await mainHeading()).toBe("Page not found");
    expect(await headNow()).toEqual({ title: "Page not found | RankLayer", canonical: null, ogUrl: null, robots: "noindex, follow" });
    await expectAccessibleInLightAndDark();
    expect(await phoneLayoutFindings()).toEqual([]);

    await tab.page.getByRole("link", { name: "Back to Home" }).click();
    await tab.page.waitForURL(`${appUrl}/`);
    await expect.poll(headNow).toEqual(expectedHead("/"));
    // The only failed load is the document's own 404.
    expect(tab.consoleErrors).toEqual(["Failed to load resource: the server responded with a status of 404 (Not Found)"]);
  });
});


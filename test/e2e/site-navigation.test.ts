/**
 * Moving around the site in real Chromium against the built app under `wrangler dev`: header
 * and footer links navigate client-side with the right head tags, the phone menu works from
 * the keyboard, and dark mode reaches every page.
 */
import { describe, expect, inject, it } from "vitest";
import { NOT_FOUND_META, matchRoutePath } from "../../web/src/app/route-meta.ts";
import { useBrowserTab } from "./browser.ts";
import { EVERY_PAGE_PATH, expectedHead, sitePages, UNKNOWN_PATH, visitPath } from "./site-pages.ts";

const appUrl = inject("appUrl");
const tab = useBrowserTab({}, { reuseTab: true });
const { visit, mainHeading, headNow, isDark } = sitePages(tab, appUrl);

describe("navigation", () => {
  /** Follows each link in `area` from the home tab.page, checking the page and head it lands on, all without a reload. */
  async function followEachLink(area: string) {
    await visit("/");
    const hrefs = await tab.page.locator(`${area} a`).evaluateAll((links) => links.map((link) => link.getAttribute("href") ?? ""));
    expect(hrefs.length).toBeGreaterThan(0);
    // A full page load would lose this; client-side navigation keeps it.
    await tab.page.evaluate(() => ((window as unknown as { loadedOnce: boolean }).loadedOnce = true));

    for (const href of hrefs) {
      const path = matchRoutePath(href);
      expect(path, `${href} is not a route`).not.toBeNull();
      await tab.page.locator(`${area} a[href="${href}"]`).click();
      await tab.page.waitForURL(`${appUrl}${href}`);
      await expect.poll(headNow).toEqual(expectedHead(path!));
      await tab.page.locator("main h1").first().waitFor();
      expect(await mainHeading()).not.toBe(NOT_FOUND_META.title);
      expect(await tab.page.evaluate(() => (window as unknown as { loadedOnce?: boolean }).loadedOnce)).toBe(true);
    }
    expect(tab.consoleErrors).toEqual([]);
  }

  it("follows every header link client-side, updating title and canonical", async () => {
    await followEachLink('nav[aria-label="Main"]');
  });

  it("follows every footer link client-side, updating title and canonical", async () => {
    await followEachLink("footer");
  });

  it("shows the 404 page and its tags when the app navigates to an unknown path, and restores them on back", async () => {
    await visit("/pricing");

    await tab.page.evaluate((path) => {
      history.pushState(null, "", path);
      dispatchEvent(new PopStateEvent("popstate"));
    }, UNKNOWN_PATH);
    await tab.page.getByRole("heading", { level: 1, name: "Page not found" }).waitFor();
    expect(await headNow()).toEqual({ title: "Page not found | RankLayer", canonical: null, ogUrl: null, robots: "noindex, follow" });

    await tab.page.goBack();
    await expect.poll(headNow).toEqual(expectedHead("/pricing"));
  });
});

describe("a tab left open across a deploy", () => {
  it("loads the new version when a page's chunk from the old build is gone, instead of an error screen", async () => {
    await visit("/");
    // The deploy replaced every content-hashed file: the old build's About chunk is gone, and the
    // server answers what it answers for any gone file under /assets/ (its JSON 404, no-store).
    let refused = 0;
    await tab.page.route(/\/assets\/AboutPage-[\w-]+\.js$/, async (route) => {
      refused += 1;
      await route.continue({ url: `${appUrl}/assets/AboutPage-g0neg0ne.js` });
      await tab.page.unroute(/\/assets\/AboutPage-[\w-]+\.js$/);
    });
    await tab.page.locator('nav[aria-label="Main"] a[href="/about"]').click();
    await tab.page.waitForURL(`${appUrl}/about`);
    await expect.poll(headNow).toEqual(expectedHead("/about"));
    await tab.page.locator("main h1").first().waitFor();
    expect(await mainHeading()).not.toBe("Unexpected Application Error!");
    expect(refused).toBe(1);
  });
});

describe("a page whose chunk cannot load while offline", () => {
  it("says 'You're offline' in plain words, and Try again loads the page once back online", async () => {
    await visit("/");
    const chunk = /\/assets\/ContactPage-[\w-]+\.js$/;
    await tab.page.route(chunk, (route) => route.abort("internetdisconnected"));
    await tab.page.context().setOffline(true);
    try {
      await tab.page.locator('nav[aria-label="Main"] a[href="/contact"]').click();
      await tab.page.getByRole("heading", { level: 1, name: "You're offline" }).waitFor();
      expect(await tab.page.locator("main").innerText()).not.toMatch(/Unexpected Application Error|dynamically imported|assets\//);
    } finally {
      await tab.page.context().setOffline(false);
      await tab.page.unroute(chunk);
    }
    await tab.page.getByRole("button", { name: "Try again" }).click();
    await tab.page.waitForURL(`${appUrl}/contact`);
    await expect.poll(headNow).toEqual(expectedHead("/contact"));
  });
});

describe("the header menu on a phone, from the keyboard", () => {
  const focusedName = () => tab.page.evaluate(() => document.activeElement?.getAttribute("aria-label") || document.activeElement?.textContent || "");

  it("opens with Enter or Space, reaches every link, and Escape closes it and returns focus to the button", async () => {
    await tab.page.setViewportSize({ width: 390, height: 844 });
    await visit("/");
    const menuButton = tab.page.getByRole("button", { name: "Menu" });
    const nav = tab.page.locator("#site-nav");
    expect(await nav.isVisible()).toBe(false);

    // Reachable by tabbing from the top of the tab.page.
    for (let presses = 0; presses < 10 && (await focusedName()) !== "Menu"; presses++) await tab.page.keyboard.press("Tab");
    expect(await focusedName()).toBe("Menu");

    await tab.page.keyboard.press("Enter");
    expect(await menuButton.getAttribute("aria-expanded")).toBe("true");
    expect(await nav.isVisible()).toBe(true);
    const labels = await nav.locator("a").allInnerTexts();
    for (const label of labels) {
      await tab.page.keyboard.press("Tab");
      expect(await focusedName()).toBe(label);
    }

    await tab.page.keyboard.press("Escape");
    expect(await menuButton.getAttribute("aria-expanded")).toBe("false");
    expect(await nav.isVisible()).toBe(false);
    expect(await focusedName()).toBe("Menu");

    await tab.page.keyboard.press(" ");
    expect(await nav.isVisible()).toBe(true);
    await tab.page.keyboard.press("Tab");
    await tab.page.keyboard.press("Tab");
    expect(await focusedName()).toBe("Compare");
    await tab.page.keyboard.press("Enter");
    await tab.page.waitForURL(`${appUrl}/compare`);
    expect(await menuButton.getAttribute("aria-expanded")).toBe("false");
    expect(tab.consoleErrors).toEqual([]);
  });
});

describe("dark mode", () => {
  const THEME_SCRIPT = '<script src="/theme.js"></script>';

  it("is applied before the first paint on every route: each page's HTML, the 404 page's too, loads the theme script in its head", async () => {
    for (const path of EVERY_PAGE_PATH) {
      const html = await (await fetch(`${appUrl}${path}`)).text();
      const head = html.slice(0, html.indexOf("</head>"));
      expect(head, path).toContain(THEME_SCRIPT);
      // Before the stylesheet, so no page paints light first.
      expect(head.indexOf('<link rel="stylesheet"'), path).toBeGreaterThan(head.indexOf(THEME_SCRIPT));
    }
  });

  // A full load of one page of each kind: the script's effect is the same on every route (above),
  // and site-routes.test.ts switches every route to dark with the toggle. A navigation costs about
  // 0.3 s of Chromium's CPU here; loading all 34 routes again was about 10 s a run.
  it("once chosen, reaches a static page, a lazy app page, the API docs, a result and the 404 page served over HTTP", async () => {
    await visit("/");
    await tab.page.getByRole("button", { name: "Dark mode" }).click();
    const darkBackground = await tab.page.evaluate(() => getComputedStyle(document.body).backgroundColor);

    for (const path of ["/pricing", "/seller-central", "/docs/api", visitPath("/results"), UNKNOWN_PATH]) {
      await visit(path, "load");
      expect(await isDark(), path).toBe(true);
      expect(await tab.page.evaluate(() => getComputedStyle(document.body).backgroundColor), path).toBe(darkBackground);
      expect(await tab.page.getByRole("button", { name: "Dark mode" }).getAttribute("aria-pressed"), path).toBe("true");
    }
    // The light theme's background differs: the check above really tells them apart.
    await tab.page.getByRole("button", { name: "Dark mode" }).click();
    expect(await tab.page.evaluate(() => getComputedStyle(document.body).backgroundColor)).not.toBe(darkBackground);
  });
});

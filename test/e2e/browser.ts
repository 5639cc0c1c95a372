import { chromium, type Browser, type BrowserContext, type BrowserContextOptions, type Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, beforeEach } from "vitest";

/** Debian's Chromium, started as CI can start it: no sandbox (root), no network chatter. */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    args: [
      "--headless",
      "--no-sandbox",
      "--disable-gpu",
      "--no-first-run",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
    ],
  });
}

/** The browser tab a test drives, and every console error and uncaught exception it has shown. */
export interface BrowserTab {
  readonly context: BrowserContext;
  readonly page: Page;
  readonly consoleErrors: string[];
}

/**
 * One browser for the test file and a fresh context (no cookies, no storage) with one page per
 * test. Call it at the top of a test file; read the tab's fields inside tests.
 */
export function useBrowserTab(contextOptions: BrowserContextOptions = {}): BrowserTab {
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let consoleErrors: string[] = [];

  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });
  beforeEach(async () => {
    context = await browser.newContext(contextOptions);
    page = await context.newPage();
    consoleErrors = [];
    page.on("console", (message) => {
      if (message.type() === "error") consoleErrors.push(message.text());
    });
    page.on("pageerror", (error) => consoleErrors.push(error.message));
  });
  afterEach(async () => {
    await context.close();
  });

  return {
    get context() {
      return context;
    },
    get page() {
      return page;
    },
    get consoleErrors() {
      return consoleErrors;
    },
  };
}

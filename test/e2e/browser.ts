import { chromium, type Browser, type BrowserContext, type BrowserContextOptions, type Page, type Request, type Response } from "playwright-core";
import { afterAll, afterEach, beforeAll, beforeEach } from "vitest";
import { headlessShellPath } from "./chromium.ts";

/**
 * Chromium's headless shell, started as CI can start it: no sandbox (root), no network chatter.
 * Its GPU work (software compositing, with --disable-gpu) runs on a thread of the browser process
 * rather than in a process of its own: on 2026-11-27's 2-core machine three browser files took
 * 105 to 112 s of CPU against 108 to 128 s (three runs each).
 */
function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: headlessShellPath(),
    args: [
      "--headless",
      "--no-sandbox",
      "--disable-gpu",
      "--in-process-gpu",
      "--no-first-run",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
    ],
  });
}

let workerBrowser: Promise<Browser> | undefined;

/**
 * The test worker's one browser. The browser suite keeps a worker's modules from file to file
 * (isolate: false), so every file after a worker's first skips the launch, about 1.8 s of CPU
 * here. Chromium exits with the worker (its DevTools pipe closes). A file closes the contexts it
 * opened in its afterAll: `closeContexts`.
 */
export function sharedBrowser(): Promise<Browser> {
  workerBrowser ??= launchBrowser().then((browser) => {
    browser.once("disconnected", () => (workerBrowser = undefined));
    return browser;
  });
  return workerBrowser;
}

/** Closes every context the file left open on the worker's browser, so the next file starts with none. */
export async function closeContexts(browser: Browser | undefined): Promise<void> {
  for (const context of browser?.contexts() ?? []) await context.close();
}

/** The browser tab a test drives, and every console error and uncaught exception it has shown. */
export interface BrowserTab {
  readonly context: BrowserContext;
  readonly page: Page;
  readonly consoleErrors: string[];
}

/**
 * The worker's browser, and a fresh context (no cookies, no storage) with one page per
 * test. Call it at the top of a test file; read the tab's fields inside tests.
 *
 * `reuseTab`: one context and page for the whole file instead, reset before each test: no cookies,
 * no local or session storage on the origin the page is on, no routes or listeners a test added,
 * the context's viewport. A test that adds an init script disposes of it. A new context (or page)
 * is a new renderer that fetches and compiles every script again, most of a visit on a 2-core
 * machine; a file of signed-out visits needs only a clean slate.
 */
export function useBrowserTab(contextOptions: BrowserContextOptions = {}, { reuseTab = false } = {}): BrowserTab {
  let browser: Browser;
  let context: BrowserContext | undefined;
  let page: Page;
  /** The context's viewport, as the page opened with it: what a reused tab goes back to. */
  let openedViewport: ReturnType<Page["viewportSize"]> = null;
  let consoleErrors: string[] = [];

  function collectErrors() {
    page.on("console", (message) => {
      if (message.type() === "error") consoleErrors.push(message.text());
    });
    page.on("pageerror", (error) => consoleErrors.push(error.message));
  }

  async function resetTab() {
    await context!.clearCookies();
    await page.unrouteAll({ behavior: "ignoreErrors" });
    page.removeAllListeners();
    collectErrors();
    if (openedViewport) await page.setViewportSize(openedViewport);
    await page.evaluate(() => {
      // about:blank has no storage of its own to clear.
      if (location.protocol.startsWith("http")) {
        localStorage.clear();
        sessionStorage.clear();
      }
    });
  }

  beforeAll(async () => {
    browser = await sharedBrowser();
  });
  afterAll(async () => {
    await closeContexts(browser);
  });
  beforeEach(async () => {
    consoleErrors = [];
    if (reuseTab && context) return resetTab();
    context = await browser.newContext(contextOptions);
    page = await context.newPage();
    openedViewport = page.viewportSize();
    collectErrors();
  });
  afterEach(async () => {
    if (!reuseTab) await context?.close();
  });

  return {
    get context() {
      return context!;
    },
    get page() {
      return page;
    },
    get consoleErrors() {
      return consoleErrors;
    },
  };
}

/** How long no request may be in flight before a page counts as settled. */
const QUIET_MS = 150;

/**
 * Loads `url` and resolves once none of the page's requests (its lazy chunks, its data) has been
 * in flight for QUIET_MS. Playwright's "networkidle" waits 500 ms of quiet instead, most of a
 * visit's time in the browser tests that visit every route.
 */
export async function gotoSettled(page: Page, url: string, timeoutMs = 20_000): Promise<Response | null> {
  const inFlight = new Set<Request>();
  let lastChange = Date.now();
  const started = (request: Request) => {
    inFlight.add(request);
    lastChange = Date.now();
  };
  const ended = (request: Request) => {
    inFlight.delete(request);
    lastChange = Date.now();
  };
  page.on("request", started);
  page.on("requestfinished", ended);
  page.on("requestfailed", ended);
  try {
    const response = await page.goto(url, { waitUntil: "load", timeout: timeoutMs });
    const deadline = Date.now() + timeoutMs;
    while (inFlight.size > 0 || Date.now() - lastChange < QUIET_MS) {
      if (Date.now() > deadline) throw new Error(`${url}: still loading ${[...inFlight].map((request) => request.url()).join(", ")} after ${timeoutMs} ms`);
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    return response;
  } finally {
    page.off("request", started);
    page.off("requestfinished", ended);
    page.off("requestfailed", ended);
  }
}

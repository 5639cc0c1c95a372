/**
 * The reused tab of useBrowserTab (browser.ts): what one test leaves on the file's one page
 * (cookies, storage, routes, listeners, viewport) is gone when the next test starts.
 */
import { describe, expect, inject, it } from "vitest";
import { useBrowserTab } from "./browser.ts";

const appUrl = inject("appUrl");
const tab = useBrowserTab({ viewport: { width: 390, height: 700 } }, { reuseTab: true });
let requestsSeenByTheFirstTest = 0;
let firstPage: unknown;

describe("a reused browser tab", () => {
  it("lets a test change its page (the state the next test must not see)", async () => {
    firstPage = tab.page;
    await tab.context.addCookies([{ name: "left-over", value: "1", url: appUrl }]);
    await tab.page.route("**/api/health", (route) => route.fulfill({ status: 500, body: "from the first test" }));
    tab.page.on("request", () => (requestsSeenByTheFirstTest += 1));
    await tab.page.setViewportSize({ width: 1000, height: 500 });
    await tab.page.goto(`${appUrl}/about`);
    await tab.page.evaluate(() => {
      localStorage.setItem("darkMode", "true");
      sessionStorage.setItem("left-over", "1");
    });
    await tab.page.evaluate(() => console.error("an error of the first test"));

    expect(await tab.page.evaluate(async () => (await fetch("/api/health")).status)).toBe(500);
    expect(tab.consoleErrors).toContain("an error of the first test");
  });

  it("starts the next test on the same page with none of it", async () => {
    expect(tab.page).toBe(firstPage);
    expect(tab.consoleErrors).toEqual([]);
    expect(await tab.context.cookies()).toEqual([]);
    expect(tab.page.viewportSize()).toEqual({ width: 390, height: 700 });
    expect(await tab.page.evaluate(() => [localStorage.length, sessionStorage.length])).toEqual([0, 0]);

    const seenBefore = requestsSeenByTheFirstTest;
    expect(await tab.page.evaluate(async () => (await fetch("/api/health")).status)).toBe(200);
    expect(requestsSeenByTheFirstTest).toBe(seenBefore);
  });
});

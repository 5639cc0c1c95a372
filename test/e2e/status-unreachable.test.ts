/**
 * The session's status request failing (offline, a 5xx): the visitor is shown as being checked,
 * under a notice that RankLayer can't be reached, never as signed out; at 390 and 1280 px, light
 * and dark, with the layout check's rules (overflow, contrast, …). LAYOUT_SCREENSHOTS=1 keeps
 * screenshots in test-results/screens/status-unreachable/.
 */
import { join } from "node:path";
import { afterEach, beforeAll, describe, expect, inject, it } from "vitest";
import { injectAxeOnEveryVisit } from "./axe.ts";
import { useBrowserTab } from "./browser.ts";
import { builtCssClasses, everyViewFindings } from "./layout-checks.ts";

const appUrl = inject("appUrl");
const tab = useBrowserTab();
const SCREENS_DIR = join(process.cwd(), "test-results", "screens", "status-unreachable");
let styledClasses: string[];

beforeAll(() => {
  styledClasses = builtCssClasses();
});
afterEach(() => tab.page.unroute("**/api/user/status"));

describe("a status request that cannot reach RankLayer", () => {
  for (const path of ["/pricing", "/alerts"]) {
    it(`shows ${path} as being checked, not signed out, at both widths and in both themes`, async () => {
      await tab.page.route("**/api/user/status", (route) => route.abort("internetdisconnected"));
      await tab.page.goto(`${appUrl}${path}`);
      const notice = tab.page.getByRole("status").filter({ hasText: "Can't reach RankLayer" });
      await notice.waitFor();
      await injectAxeOnEveryVisit(tab.page);

      expect(await notice.getByRole("button", { name: "Try again" }).isVisible()).toBe(true);
      expect(await tab.page.getByRole("link", { name: "Sign in", exact: true }).count()).toBe(0);
      if (path === "/alerts") {
        expect(await tab.page.getByText("Checking your account…").isVisible()).toBe(true);
        expect(await tab.page.getByRole("link", { name: "Connect Seller Central" }).count()).toBe(0);
      }
      const failures = await everyViewFindings(tab.page, styledClasses, {
        state: path.slice(1),
        screensDir: SCREENS_DIR,
        inEachView: async (width) => {
          if (path !== "/alerts") return;
          // The notice and the page's "Checking your account…" start at one left edge.
          const left = (locator: typeof notice) => locator.evaluate((element) => Math.round(element.getBoundingClientRect().left));
          expect(await left(notice), `notice's left edge @${width}px`).toBe(await left(tab.page.getByText("Checking your account…")));
        },
      });
      expect(failures).toEqual([]);

      // Reachable again: Try again (or the retry due meanwhile, whichever comes first: clicked in the
      // page, so the notice cannot go between finding the button and clicking it) shows what the
      // server says, signed out here, and the notice goes.
      await tab.page.unroute("**/api/user/status");
      await tab.page.evaluate(() => document.querySelector<HTMLButtonElement>(".status-unreachable button")?.click());
      await tab.page.getByRole("link", { name: "Sign in", exact: true }).waitFor();
      expect(await notice.count()).toBe(0);
    });
  }
});

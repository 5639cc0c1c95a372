import { describe, expect, inject, it } from "vitest";
import { FREE_PLAN } from "../../worker/contract/plans.ts";
import { readRateLimit } from "../../worker/contract/rate-limit-fields.ts";
import { E2E_VARS } from "./e2e-vars.ts";
import { useBrowserTab } from "./browser.ts";

const appUrl = inject("appUrl");
const tab = useBrowserTab({}, { reuseTab: true });

describe("the free lookup in a real browser (mock mode)", () => {
  it("looks up an ASIN from the home page and lands on its result, labelled Mock Data", async () => {
    await tab.page.goto(appUrl);
    await expect.poll(() => tab.page.getByRole("heading", { level: 1 }).first().textContent()).toMatch(/The Amazon Rank Intelligence Layer/);
    // The footer shows no data-source badge until a lookup sets one.
    expect(await tab.page.getByRole("contentinfo").getByText("Data source:").count()).toBe(0);

    await tab.page.getByRole("textbox", { name: "ASIN" }).fill("b08n5wrwnw");
    await tab.page.getByRole("button", { name: "Look Up ASIN" }).click();

    await tab.page.waitForURL(`${appUrl}/results?asin=B08N5WRWNW&marketplace=US`);
    await tab.page.getByRole("heading", { name: "Product Details" }).waitFor();
    const product = tab.page.getByRole("article");
    expect(await product.getByText("Mock Data", { exact: true }).isVisible()).toBe(true);
    expect(await product.getByText(/^#[\d,]+$/).isVisible()).toBe(true);
    expect(await product.getByText(/\$\d+\.\d{2}/).isVisible()).toBe(true);
    expect(await tab.page.getByRole("link", { name: /View on Amazon/ }).getAttribute("href")).toBe("https://www.amazon.com/dp/B08N5WRWNW");
    expect(await tab.page.getByText(/Last refreshed/).textContent()).toMatch(/UTC/);
    // The mock image is served by the app itself and really loads (it may still be on its way).
    const image = tab.page.locator("article img");
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    expect(await tab.page.getByRole("contentinfo").getByText("Mock", { exact: true }).isVisible()).toBe(true);
    expect(tab.consoleErrors).toEqual([]);
  });

  it("shows the error card with the server's message for a bad ASIN", async () => {
    await tab.page.goto(`${appUrl}/results?asin=ABC123&marketplace=US`);
    const alert = tab.page.getByRole("alert");
    await alert.waitFor();
    expect(await alert.textContent()).toContain("ASIN must be 10 letters or digits");
    await alert.getByRole("link", { name: "Search another ASIN" }).click();
    await tab.page.waitForURL(`${appUrl}/`);
    // The 422 is the expected answer; nothing else may go wrong on the tab.page.
    expect(tab.consoleErrors.filter((e) => !/status of 422/.test(e))).toEqual([]);
  });

  it("keeps dark mode across a reload, applied before the first paint", async () => {
    await tab.page.goto(appUrl);
    const toggle = tab.page.getByRole("button", { name: "Dark mode" });
    expect(await toggle.getAttribute("aria-pressed")).toBe("false");
    await toggle.click();
    expect(await tab.page.evaluate(() => document.documentElement.classList.contains("dark"))).toBe(true);
    expect(await tab.page.evaluate(() => localStorage.getItem("darkMode"))).toBe("true");

    // Record the class as soon as <body> exists, before the app's script has run.
    const recordFirstParse = await tab.page.addInitScript(() => {
      document.addEventListener("readystatechange", () => {
        if (document.readyState === "interactive") {
          (window as unknown as { darkAtFirstParse: boolean }).darkAtFirstParse = document.documentElement.classList.contains("dark");
        }
      }, { once: true });
    });
    await tab.page.reload();
    expect(await tab.page.evaluate(() => (window as unknown as { darkAtFirstParse: boolean }).darkAtFirstParse)).toBe(true);
    expect(await tab.page.getByRole("button", { name: "Dark mode" }).getAttribute("aria-pressed")).toBe("true");

    await tab.page.getByRole("button", { name: "Dark mode" }).click();
    await tab.page.reload();
    expect(await tab.page.evaluate(() => document.documentElement.classList.contains("dark"))).toBe(false);
    expect(tab.consoleErrors).toEqual([]);
    // The file's tab is reused (useBrowserTab): the next test's pages load without it.
    await recordFirstParse.dispose();
  });

  it("opens and closes the mobile menu, and closes it when a link is tapped", async () => {
    await tab.page.setViewportSize({ width: 375, height: 740 });
    await tab.page.goto(appUrl);
    const menu = tab.page.getByRole("button", { name: "Menu" });
    const nav = tab.page.getByRole("navigation", { name: "Main" });
    expect(await menu.getAttribute("aria-expanded")).toBe("false");
    expect(await nav.getByRole("link", { name: "Pricing" }).isVisible()).toBe(false);

    await menu.click();
    expect(await menu.getAttribute("aria-expanded")).toBe("true");
    expect(await nav.getByRole("link", { name: "Pricing" }).isVisible()).toBe(true);

    await menu.click();
    expect(await menu.getAttribute("aria-expanded")).toBe("false");
    expect(await nav.getByRole("link", { name: "Pricing" }).isVisible()).toBe(false);

    await menu.click();
    await nav.getByRole("link", { name: "About" }).click();
    await tab.page.waitForURL(`${appUrl}/about`);
    expect(await menu.getAttribute("aria-expanded")).toBe("false");
    expect(await nav.getByRole("link", { name: "Pricing" }).isVisible()).toBe(false);
  });

  it("shows the 404 page for an unknown path", async () => {
    await tab.page.goto(`${appUrl}/no-such-page`);
    await tab.page.getByRole("heading", { name: "Page not found" }).waitFor();
    await tab.page.getByRole("link", { name: "Back to Home" }).click();
    await tab.page.waitForURL(`${appUrl}/`);
  });
});

describe("the lookup API on the running app", () => {
  it("gives an API user the same data as JSON, with rate-limit headers", async () => {
    const res = await fetch(`${appUrl}/api/v1/lookup?asin=B08N5WRWNW&marketplace=US`);
    expect(res.status).toBe(200);
    // The headers name the limit nearer to running out: the suite's per-minute one (e2e-vars.ts;
    // the default of 30 is the Worker tests') or the Free plan's monthly quota.
    const { limit, remaining } = readRateLimit(res.headers)!;
    expect([Number(E2E_VARS.LOOKUP_LIMIT_PER_MINUTE), FREE_PLAN.lookupsPerMonth]).toContain(limit);
    expect(remaining).toBeLessThan(limit);
    expect(await res.json()).toMatchObject({ asin: "B08N5WRWNW", marketplace: "US", source: "mock" });
  });

  it("answers the SPA for app routes and the health check for the API", async () => {
    const html = await fetch(`${appUrl}/results?asin=B08N5WRWNW`);
    expect(html.status).toBe(200);
    expect(await html.text()).toContain('<div id="root">');
    expect(await (await fetch(`${appUrl}/api/health`)).json()).toEqual({ ok: true, version: "0.1.0" });
  });
});

describe("security headers on the running app", () => {
  it.each(["/", "/results?asin=B08N5WRWNW", "/theme.js"])("sends a strict policy with %s", async (path) => {
    const res = await fetch(`${appUrl}${path}`);
    const csp = res.headers.get("Content-Security-Policy") ?? "";
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toContain("unsafe-inline");
    for (const directive of ["object-src 'none'", "base-uri 'none'", "frame-ancestors 'none'"]) expect(csp).toContain(directive);
    expect(res.headers.get("Strict-Transport-Security")).toBe("max-age=31536000; includeSubDomains");
    expect(res.headers.get("X-Content-Type-Options")).toBe("nosniff");
    expect(res.headers.get("Referrer-Policy")).toBe("strict-origin-when-cross-origin");
  });

  it("sends them on API answers too", async () => {
    const res = await fetch(`${appUrl}/api/v1/lookup?asin=bad`);
    expect(res.status).toBe(422);
    expect(res.headers.get("Content-Security-Policy")).toContain("default-src 'none'");
    expect(res.headers.get("Strict-Transport-Security")).toBe("max-age=31536000; includeSubDomains");
  });
});

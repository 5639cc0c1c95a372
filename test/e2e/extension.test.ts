/**
 * The browser extension, unpacked in headless Chromium (new headless mode loads extensions),
 * built against the suite's app server, on saved-shape Amazon pages (amazon-fixtures.ts).
 * One browser for the file; the steps run in order: anonymous first, then connected on Pro.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import { crc32, inflateRawSync } from "node:zlib";
import { chromium, type BrowserContext, type Locator, type Page, type Worker } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { buildExtension, type ExtensionBuild } from "../../extension/build.ts";
import { CHROMIUM_EXTENSION_ID } from "../../worker/contract/extension.ts";
import { startAmazonFixtures, type AmazonFixtures } from "./amazon-fixtures.ts";
import { FULL_CHROMIUM } from "./chromium.ts";
import { signInAsPro } from "./pro-account.ts";
import { seriousViolations } from "./axe.ts";

const appUrl = inject("appUrl");
const PANEL = "#ranklayer-extension-panel";
const BADGE = ".ranklayer-extension-rank";

/** ASINs of this run only, so other files on the shared app server never touch them. */
function runAsin(): string {
  return `B0${Math.random().toString(36).slice(2, 10).toUpperCase().padEnd(8, "X")}`;
}
const US_ASIN = runAsin();
const DE_ASIN = runAsin();
const KEY_CHECK_ASIN = runAsin();
const VARIANT_ASIN = runAsin();
const SEARCH_ASINS = Array.from({ length: 12 }, runAsin);

let fixtures: AmazonFixtures;
let context: BrowserContext;
let extensionId: string;
let serviceWorker: Worker;
let workDir: string;
let build: ExtensionBuild;
/** Every API call the extension's service worker made, as "METHOD /path?query". */
const apiCalls: string[] = [];

beforeAll(async () => {
  workDir = mkdtempSync(join(tmpdir(), "ranklayer-extension-"));
  const [built, started] = await Promise.all([
    buildExtension({ apiOrigin: appUrl, outDir: join(workDir, "dist"), zipDir: workDir }),
    // The first result again at the end: Amazon shows an ASIN in a sponsored slot and in its organic place.
    startAmazonFixtures([...SEARCH_ASINS, SEARCH_ASINS[0]!]),
  ]);
  fixtures = started;
  build = built;
  const outDir = built.outDir;
  context = await chromium.launchPersistentContext(join(workDir, "profile"), {
    executablePath: FULL_CHROMIUM,
    // Extensions need Chromium's new headless mode, which Playwright starts as "headed" plus --headless=new.
    headless: false,
    args: [
      "--headless=new",
      "--no-sandbox",
      "--disable-gpu",
      "--no-first-run",
      "--disable-component-update",
      "--disable-sync",
      `--disable-extensions-except=${outDir}`,
      `--load-extension=${outDir}`,
      `--host-resolver-rules=${fixtures.hostRules}`,
      "--ignore-certificate-errors",
    ],
  });
  const worker = context.serviceWorkers()[0] ?? (await context.waitForEvent("serviceworker"));
  serviceWorker = worker;
  extensionId = new URL(worker.url()).host;
  // The manifest's key pins it: /extension/connect hands keys to RankLayer's ids only.
  expect(extensionId).toBe(CHROMIUM_EXTENSION_ID);
  context.on("request", (request) => {
    if (request.serviceWorker() && request.url().startsWith(`${appUrl}/api/`)) {
      const url = new URL(request.url());
      apiCalls.push(`${request.method()} ${url.pathname}${url.search}`);
    }
  });
}, 60_000);

afterAll(async () => {
  await context?.close();
  await fixtures?.stop();
  if (workDir) rmSync(workDir, { recursive: true, force: true });
});

async function openAmazon(path: string, host = "www.amazon.com"): Promise<Page> {
  const page = await context.newPage();
  await page.goto(`https://${host}${path}`);
  return page;
}

/** The panel's shadow content (Playwright's locators pierce open shadow roots). */
function panelOf(page: Page): Locator {
  return page.locator(PANEL).getByRole("region", { name: "RankLayer" });
}

/**
 * Opens an Amazon page and returns a way to run an expression in the content script's own world
 * (Chromium's isolated world named after the extension), where a compromised page could reach.
 */
async function openWithContentWorld(path: string, host = "www.amazon.com"): Promise<{ page: Page; inContentScript: (expression: string) => Promise<unknown> }> {
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  const worlds: { id: number; name: string }[] = [];
  cdp.on("Runtime.executionContextCreated", (event) => worlds.push(event.context));
  await cdp.send("Runtime.enable");
  await page.goto(`https://${host}${path}`);
  await expect.poll(() => worlds.filter((world) => world.name.startsWith("RankLayer")).length).toBeGreaterThan(0);
  const contextId = worlds.filter((world) => world.name.startsWith("RankLayer")).at(-1)!.id;
  return {
    page,
    inContentScript: async (expression) => (await cdp.send("Runtime.evaluate", { contextId, expression, awaitPromise: true, returnByValue: true })).result.value,
  };
}

function callsTo(path: string): string[] {
  return apiCalls.filter((call) => call.split(" ")[1]!.startsWith(path));
}

describe("the extension without a key", () => {
  it("shows the anonymous lookup under the buy box: rank, category, mock label, free allowance and a 7-day chart", async () => {
    const page = await openAmazon(`/Echo-Dot/dp/${US_ASIN}?th=1`);
    const panel = panelOf(page);
    await expect.poll(() => panel.getByText("Best Sellers Rank").count()).toBe(1);
    // Under the buy box, inside the right column.
    expect(await page.evaluate((selector) => document.querySelector(selector)?.previousElementSibling?.id, PANEL)).toBe("desktop_buybox");
    await expect.poll(() => panel.locator("dd").first().textContent()).toMatch(/^#[\d,]+ in .+/);
    // Mock mode: labelled as mock, never as live.
    expect(await panel.locator(".badge").textContent()).toBe("Mock data");
    expect(await panel.getByText("Sample data from RankLayer's mock mode, not live Amazon data.").count()).toBe(1);
    expect(await panel.getByText(/^Mock, as of \d+ \w{3} \d{4}, \d\d:\d\d UTC$/).count()).toBe(1);
    expect(await panel.getByText(/^\d+ of \d+ free lookups left \(resets in .+\)\.$/).count()).toBe(1);
    expect(await panel.getByRole("heading", { name: "Rank, last 7 days" }).count()).toBe(1);
    expect(await panel.getByRole("img", { name: /^(Rank over 7 days|No rank history)/ }).count()).toBe(1);
    // Exactly one request for the page view: the lookup, carrying its 7 days of history.
    expect(apiCalls).toEqual([`GET /api/v1/lookup?asin=${US_ASIN}&marketplace=US&history=7`]);

    expect(await seriousViolations(page), "the panel").toEqual([]);

    await panel.getByRole("button", { name: "Track" }).click();
    await expect.poll(() => panel.getByRole("status").last().textContent()).toBe("Tracking needs a RankLayer Pro key: add it in the extension's options.");
    expect(callsTo("/api/v1/watchlist")).toEqual([]);
    await page.close();
  });

  it("answers the same product again from its cache, without a request", async () => {
    const before = apiCalls.length;
    const page = await openAmazon(`/dp/${US_ASIN}`);
    await expect.poll(() => panelOf(page).getByText("Best Sellers Rank").count()).toBe(1);
    // The allowance as it was then, if its reset has not passed since (the per-minute one may have).
    const allowance = await panelOf(page).getByText(/free lookups left/).allTextContents();
    expect(allowance.every((sentence) => sentence.endsWith("when this product was last looked up."))).toBe(true);
    expect(apiCalls.slice(before)).toEqual([]);
    await page.close();
  });

  it("follows the variant picker: a new ASIN put in the address without a reload gets its own panel", async () => {
    const page = await openAmazon(`/Echo-Dot/dp/${US_ASIN}`);
    await expect.poll(() => panelOf(page).getByText("Best Sellers Rank").count()).toBe(1);
    const before = apiCalls.length;
    // What Amazon's twister does on a size or colour: the same document, the variant's address.
    await page.evaluate((asin) => history.replaceState(null, "", `/Echo-Dot/dp/${asin}?th=1&psc=1`), VARIANT_ASIN);
    await expect.poll(() => apiCalls.slice(before)).toEqual([`GET /api/v1/lookup?asin=${VARIANT_ASIN}&marketplace=US&history=7`]);
    await expect.poll(() => panelOf(page).getByText("Best Sellers Rank").count()).toBe(1);
    expect(await page.locator(PANEL).count()).toBe(1);
    // Amazon redraws the buy box column for the variant: the panel comes back, with no new request.
    await page.evaluate(() => {
      document.getElementById("rightCol")!.innerHTML = `<div id="desktop_buybox"><div id="buybox">The variant's offer</div></div>`;
    });
    await expect.poll(() => page.evaluate((selector) => document.querySelector(selector)?.previousElementSibling?.id, PANEL)).toBe("desktop_buybox");
    expect(await panelOf(page).getByText("Best Sellers Rank").count()).toBe(1);
    // The same variant's address rewritten (Amazon adds and drops ?th=1&psc=1) is not a new product.
    await page.evaluate((asin) => history.replaceState(null, "", `/dp/${asin}`), VARIANT_ASIN);
    await page.waitForTimeout(1500);
    expect(apiCalls.slice(before)).toHaveLength(1);
    expect(await page.locator(PANEL).count()).toBe(1);
    await page.close();
  });

  it("answers a click on its toolbar button (which opens the options)", async () => {
    // The evaluated function runs in the service worker, where `chrome` exists.
    const hasListener = await serviceWorker.evaluate(() => (globalThis as unknown as { chrome: { action?: { onClicked: { hasListeners(): boolean } } } }).chrome.action?.onClicked.hasListeners());
    expect(hasListener).toBe(true);
  });

  it("adds nothing to pages that are not product pages, nor ranks to search pages without a key", async () => {
    const help = await openAmazon("/gp/help/customer/display.html?nodeId=GKM69DUUYKQWKWX7");
    const search = await openAmazon("/s?k=echo+dot");
    await search.waitForTimeout(500);
    expect(await help.locator(PANEL).count()).toBe(0);
    expect(await search.locator(`${PANEL}, ${BADGE}`).count()).toBe(0);
    expect(callsTo("/api/v1/compare")).toEqual([]);
    await help.close();
    await search.close();
  });
});

describe("the extension connected on Pro", () => {
  let site: Page;

  it("takes a key named 'Browser extension' from the site's connect page", async () => {
    site = await context.newPage();
    await signInAsPro(site, appUrl);
    const options = await context.newPage();
    await options.goto(`chrome-extension://${extensionId}/options.html`);
    await expect.poll(() => options.getByRole("status").textContent()).toBe("No API key: the panel uses the free anonymous lookup.");
    expect(await seriousViolations(options), "the options page").toEqual([]);
    const [connect] = await Promise.all([context.waitForEvent("page"), options.getByRole("button", { name: "Sign in on ranklayer.com" }).click()]);
    await connect.waitForURL(`${appUrl}/extension/connect?extension=${extensionId}`);
    await connect.getByRole("button", { name: "Connect the extension" }).click();
    await expect.poll(() => connect.getByRole("status").textContent()).toContain("Connected: the extension now uses your Pro key.");
    await expect.poll(() => options.getByRole("status").textContent()).toMatch(/^Connected with the API key rl_live_\w{6}…/);
    const keys = await site.evaluate(async () => ((await (await fetch("/api/api-keys")).json()) as { keys: { name: string }[] }).keys.map((key) => key.name));
    expect(keys).toContain("Browser extension");
    await connect.close();
    await options.close();
  });

  it("connecting again revokes the extension's previous key, so none is left active with nobody holding it", async () => {
    const options = await context.newPage();
    await options.goto(`chrome-extension://${extensionId}/options.html`);
    const [connect] = await Promise.all([context.waitForEvent("page"), options.getByRole("button", { name: "Sign in on ranklayer.com" }).click()]);
    await connect.getByRole("button", { name: "Connect the extension" }).click();
    await expect.poll(() => connect.getByRole("status").textContent()).toMatch(/The key it used before \(rl_live_\w{6}…\) was revoked\./);
    const keys = await site.evaluate(async () => ((await (await fetch("/api/api-keys")).json()) as { keys: { name: string }[] }).keys.map((key) => key.name));
    expect(keys.filter((name) => name === "Browser extension")).toHaveLength(1);
    await connect.close();
    await options.close();
  });

  it("keeps the key out of reach of the content script running in Amazon's page", async () => {
    const { page, inContentScript } = await openWithContentWorld(`/dp/${KEY_CHECK_ASIN}`);
    const read = await inContentScript(
      "chrome.storage.local.get(null).then((items) => JSON.stringify(items), (error) => `refused: ${error.message}`)",
    );
    expect(read).toBe("refused: Access to storage is not allowed from this context.");
    // The panel's own lookup of this page is left to land here, not in the next test's count of requests.
    await expect.poll(() => apiCalls.some((call) => call.includes(`asin=${KEY_CHECK_ASIN}&`))).toBe(true);
    await page.close();
  });

  it("shows 30 and 90 days on a DE product, and Track puts it on the watchlist on the server", async () => {
    const before = apiCalls.length;
    const page = await openAmazon(`/dp/${DE_ASIN}`, "www.amazon.de");
    const panel = panelOf(page);
    await expect.poll(() => panel.getByRole("heading", { name: "Rank, last 30 days" }).count()).toBe(1);
    // Exactly one request for the page view, with the key's 90 days of history (the 30-day view is cut from it).
    expect(apiCalls.slice(before)).toEqual([`GET /api/v1/lookup?asin=${DE_ASIN}&marketplace=DE&history=90`]);
    expect(await panel.getByText(/free lookups left/).count()).toBe(0);
    await panel.getByRole("button", { name: "90 days" }).click();
    expect(await panel.getByRole("heading", { name: "Rank, last 90 days" }).count()).toBe(1);
    expect(await panel.getByRole("button", { name: "90 days" }).getAttribute("aria-pressed")).toBe("true");
    expect(await seriousViolations(page), "the panel with a key").toEqual([]);

    await panel.getByRole("button", { name: "Track" }).click();
    await expect.poll(() => panel.getByRole("status").last().textContent()).toBe(`Tracking ${DE_ASIN} (DE): it is on your watchlist.`);
    const watchlist = await site.evaluate(async () => ((await (await fetch("/api/watchlist")).json()) as { items: { asin: string; marketplace: string }[] }).items);
    expect(watchlist).toContainEqual(expect.objectContaining({ asin: DE_ASIN, marketplace: "DE" }));
    await page.close();
  });

  it("creates a rank alert from the panel's form", async () => {
    const page = await openAmazon(`/gp/product/${DE_ASIN}`, "www.amazon.de");
    const panel = panelOf(page);
    await panel.getByRole("button", { name: "Alert" }).click();
    const form = panel.getByRole("form", { name: "New alert" });
    await form.getByLabel("Alert me when").selectOption("rank_above");
    await form.getByLabel("Threshold").fill("2500");
    await form.getByRole("button", { name: "Create alert" }).click();
    await expect.poll(() => panel.getByRole("status").last().textContent()).toBe("Alert created: rank worse than #2,500. RankLayer checks it every night.");
    const alerts = await site.evaluate(async () => ((await (await fetch("/api/alerts")).json()) as { alerts: { asin: string; conditionType: string; threshold: number; marketplace: string }[] }).alerts);
    expect(alerts).toContainEqual(expect.objectContaining({ asin: DE_ASIN, conditionType: "rank_above", threshold: 2500, marketplace: "DE" }));
    await page.close();
  });

  it("adds the rank beside each search result with one compare call per 10 results", async () => {
    const page = await openAmazon("/s?k=echo+dot");
    // Every slot, the repeated ASIN's two included, from the same two compares.
    await expect.poll(() => page.locator(BADGE).count()).toBe(SEARCH_ASINS.length + 1);
    const compares = callsTo("/api/v1/compare?");
    expect(compares).toHaveLength(2);
    expect(compares[0]).toBe(`GET /api/v1/compare?asins=${SEARCH_ASINS.slice(0, 10).join(",")}&marketplace=US`);
    expect(compares[1]).toBe(`GET /api/v1/compare?asins=${SEARCH_ASINS.slice(10).join(",")}&marketplace=US`);
    expect(await page.locator(BADGE).first().locator("span").textContent()).toMatch(/^BSR #[\d,]+ in .+ \(mock\)$/);
    expect(await page.locator(BADGE).last().locator("span").textContent()).toBe(await page.locator(BADGE).first().locator("span").textContent());
    await page.close();
  });
});

/** name → contents of a zip, each entry inflated and its CRC checked. */
function unzip(zip: Buffer): Map<string, Buffer> {
  const files = new Map<string, Buffer>();
  const end = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  let at = zip.readUInt32LE(end + 16);
  for (let i = 0; i < zip.readUInt16LE(end + 10); i += 1) {
    const nameLength = zip.readUInt16LE(at + 28);
    const name = zip.subarray(at + 46, at + 46 + nameLength).toString("utf8");
    const local = zip.readUInt32LE(at + 42);
    const size = zip.readUInt32LE(at + 20);
    const data = inflateRawSync(zip.subarray(local + 30 + zip.readUInt16LE(local + 26), local + 30 + zip.readUInt16LE(local + 26) + size));
    expect(crc32(data), name).toBe(zip.readUInt32LE(at + 16));
    files.set(name, data);
    at += 46 + nameLength + zip.readUInt16LE(at + 30) + zip.readUInt16LE(at + 32);
  }
  return files;
}

describe("the build", () => {
  it("asks for storage only, reaches only the API origin, and keeps a strict CSP", () => {
    const manifest = JSON.parse(readFileSync(join(build.outDir, "manifest.json"), "utf8"));
    expect(manifest.manifest_version).toBe(3);
    expect(manifest.permissions).toEqual(["storage"]);
    expect(manifest.host_permissions).toEqual([`${appUrl}/*`]);
    expect(manifest.externally_connectable).toEqual({ matches: [`${appUrl}/*`] });
    expect(manifest.content_security_policy.extension_pages).toMatch(/^default-src 'none'; script-src 'self';/);
    expect(manifest.action.default_title).toBe("RankLayer: connect or change your API key");
    const matches: string[] = manifest.content_scripts[0].matches;
    expect(matches).toHaveLength(9 * 5);
    expect(matches.every((pattern) => /^https:\/\/www\.amazon\.[a-z.]+\/(dp\/\*|\*\/dp\/\*|gp\/product\/\*|s\?\*|s\/\*)$/.test(pattern))).toBe(true);
  });

  it("zips every built file intact for the Chrome Web Store, and a Firefox variant with its own manifest", () => {
    const listFiles = (dir: string): string[] => readdirSync(dir).flatMap((name) => (statSync(join(dir, name)).isDirectory() ? listFiles(join(dir, name)) : [join(dir, name)]));
    const built = listFiles(build.outDir).map((path) => relative(build.outDir, path)).sort();
    const chromium = unzip(readFileSync(build.zips.chromium));
    expect([...chromium.keys()].sort()).toEqual(built);
    for (const name of built) expect(chromium.get(name)!.equals(readFileSync(join(build.outDir, name))), name).toBe(true);
    const firefox = JSON.parse(unzip(readFileSync(build.zips.firefox)).get("manifest.json")!.toString("utf8"));
    expect(firefox.background).toEqual({ scripts: ["background.js"] });
    expect(firefox.browser_specific_settings.gecko.id).toBe("browser-extension@ranklayer.com");
    expect(firefox.externally_connectable).toBeUndefined();
    // No remote code: the scripts load nothing and evaluate no strings.
    for (const script of ["content.js", "background.js", "options.js"]) {
      const source = chromium.get(script)!.toString("utf8");
      expect(source, script).not.toMatch(/\beval\(|new Function\(|importScripts\(|\bimport\(|innerHTML/);
    }
  });
});

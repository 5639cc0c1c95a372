/**
 * What the extension says when the API refuses it: a revoked or disabled key (401/403) and the
 * key's hourly limit (429). The user must learn what happened and where to fix it, never see
 * silence or a bare "not available".
 */
import { describe, expect, it, vi } from "vitest";
import type { KeyValueStore } from "../../extension/src/answer-cache";
import { ExtensionService, KEY_STORAGE } from "../../extension/src/extension-service";
import type { ProductAnswer } from "../../extension/src/messages";
import { createPanelHost, renderPanel, type PanelActions } from "../../extension/src/panel/panel-view";
import { batchBadges } from "../../extension/src/search-badges";
import { senderMayAsk } from "../../extension/src/sender-check";

const KEY = `rl_live_${"a".repeat(43)}`;
const ORIGIN = "https://api.example";
const REVOKED = "This API key was revoked at 2026-11-20 10:00 UTC.";
const HOURLY = "API limit reached: 1000 requests per hour across your keys. It resets at 2026-11-25 11:00 UTC.";

class MemoryStore implements KeyValueStore {
  readonly data = new Map<string, unknown>();
  async get(keys: string | string[] | null) {
    const names = keys === null ? [...this.data.keys()] : typeof keys === "string" ? [keys] : keys;
    return Object.fromEntries(names.filter((name) => this.data.has(name)).map((name) => [name, this.data.get(name)]));
  }
  async set(items: Record<string, unknown>) {
    for (const [name, value] of Object.entries(items)) this.data.set(name, value);
  }
  async remove(keys: string | string[]) {
    for (const name of typeof keys === "string" ? [keys] : keys) this.data.delete(name);
  }
}

const json = (body: unknown, status: number, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json", ...headers } });

async function keyedService(response: () => Response) {
  const store = new MemoryStore();
  await store.set({ [KEY_STORAGE]: KEY });
  return new ExtensionService({ fetch: async () => response(), store, apiOrigin: ORIGIN });
}

describe("search ranks when the API refuses", () => {
  const asins = ["B000000001", "B000000002", "B000000003"];

  it("adds nothing without a key (each rank would spend a free lookup)", async () => {
    const service = new ExtensionService({ fetch: async () => json({}, 500), store: new MemoryStore(), apiOrigin: ORIGIN });
    expect(batchBadges(await service.ranks(asins, "US"), asins)).toEqual({ texts: [], stop: true });
  });

  it("says a revoked key in words, with where to replace it, instead of showing nothing", async () => {
    const service = await keyedService(() => json({ detail: REVOKED }, 401));
    const badges = batchBadges(await service.ranks(asins, "US"), asins);
    expect(badges.stop).toBe(true);
    expect(badges.texts).toEqual([`RankLayer: ${REVOKED} Replace the key in the extension's options.`]);
  });

  it("says the hourly limit with the server's detail and the wait, not 'BSR not available'", async () => {
    const service = await keyedService(() => json({ detail: HOURLY }, 429, { "Retry-After": "1200" }));
    const badges = batchBadges(await service.ranks(asins, "US"), asins);
    expect(badges.stop).toBe(true);
    expect(badges.texts).toEqual([`RankLayer: Limit reached: ${HOURLY} Try again in 20 minutes.`]);
  });

  it("gives each result its rank when the compare answers", () => {
    const item = { asin: "B000000001", ok: true, product: { rank: 1234, categoryPath: ["Toys"], source: "live" } };
    const badges = batchBadges({ ok: true, items: [item] as never }, asins.slice(0, 2));
    expect(badges).toEqual({ texts: ["BSR #1,234 in Toys", "BSR —"], stop: false });
  });
});

describe("the product panel with a key that no longer works", () => {
  function failedAnswer(status: number, detail: string): ProductAnswer {
    return { lookup: { ok: false, status, detail, retryAfterSeconds: null }, history: null, signedIn: true, historyDays: 90, fetchedAt: "2026-11-25T10:00:00.000Z", fromCache: false };
  }
  const actions = (): PanelActions => ({ track: vi.fn(), alert: vi.fn(), openOptions: vi.fn() });

  it("names the revoked key and offers the options page to replace it", () => {
    const { host, root } = createPanelHost();
    document.body.append(host);
    const panelActions = actions();
    renderPanel(root, { kind: "ready", answer: failedAnswer(401, REVOKED) }, panelActions, "2026-11-25");
    expect(root.querySelector('[role="alert"]')?.textContent).toBe(`${REVOKED} Replace the key in the extension's options.`);
    const button = [...root.querySelectorAll("button")].find((candidate) => candidate.textContent === "Open options");
    expect(button).toBeDefined();
    button!.click();
    expect(panelActions.openOptions).toHaveBeenCalledTimes(1);
  });

  it("does not blame the key for a 429: it says the limit and the wait only", () => {
    const { host, root } = createPanelHost();
    document.body.append(host);
    renderPanel(root, { kind: "ready", answer: { ...failedAnswer(429, HOURLY), lookup: { ok: false, status: 429, detail: HOURLY, retryAfterSeconds: 60 } } }, actions(), "2026-11-25");
    expect(root.querySelector('[role="alert"]')?.textContent).toBe(`Limit reached: ${HOURLY} Try again in 1 minute.`);
    expect([...root.querySelectorAll("button")].some((candidate) => candidate.textContent === "Open options")).toBe(false);
  });
});

describe("who may ask the background for what", () => {
  const BASE = "chrome-extension://abcdefghijklmnopabcdefghijklmnop/";
  const ID = "abcdefghijklmnopabcdefghijklmnop";
  const contentScript = { id: ID, url: "https://www.amazon.com/dp/B08N5WRWNW", tab: { id: 4 } };
  const optionsPage = { id: ID, url: `${BASE}options.html`, tab: { id: 5 } };

  it("lets only the extension's own pages save, remove or read the key: never a content script on Amazon", () => {
    for (const request of [{ type: "save-key", key: KEY }, { type: "remove-key" }, { type: "key-status" }] as const) {
      expect(senderMayAsk(request, contentScript, ID, BASE), request.type).toBe(false);
      expect(senderMayAsk(request, optionsPage, ID, BASE), request.type).toBe(true);
    }
  });

  it("lets content scripts ask for data and actions, and nobody else", () => {
    expect(senderMayAsk({ type: "product", asin: "B08N5WRWNW", marketplace: "US" }, contentScript, ID, BASE)).toBe(true);
    expect(senderMayAsk({ type: "track", asin: "B08N5WRWNW", marketplace: "US" }, contentScript, ID, BASE)).toBe(true);
    expect(senderMayAsk({ type: "product", asin: "B08N5WRWNW", marketplace: "US" }, { ...contentScript, id: "ponmlkjihgfedcbaponmlkjihgfedcba" }, ID, BASE)).toBe(false);
  });
});

describe("Track and Alert when the API refuses", () => {
  it("points a revoked key to the options, and gives the hourly limit's wait", async () => {
    const revoked = await keyedService(() => json({ detail: REVOKED }, 401));
    expect(await revoked.track("B08N5WRWNW", "US")).toEqual({ ok: false, message: `${REVOKED} Replace the key in the extension's options.` });
    const limited = await keyedService(() => json({ detail: HOURLY }, 429, { "Retry-After": "1200" }));
    expect(await limited.alert({ type: "alert", asin: "B08N5WRWNW", marketplace: "US", conditionType: "rank_above", threshold: 500 })).toEqual({
      ok: false,
      message: `Limit reached: ${HOURLY} Try again in 20 minutes.`,
    });
  });
});

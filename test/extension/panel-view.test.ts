import { describe, expect, it, vi } from "vitest";
import type { LookupResult } from "../../worker/contract/product";
import type { ProductAnswer } from "../../extension/src/messages";
import { createPanelHost, renderPanel, type PanelActions } from "../../extension/src/panel/panel-view";
import { addBadge, badgeText, badgeTitle, batchBadges, ranksOrUnanswered } from "../../extension/src/search-badges";

const TODAY = "2026-11-25";
const HOSTILE = `<img src=x onerror="alert(1)">`;

function lookup(overrides: Partial<LookupResult> = {}): LookupResult {
  return {
    asin: "B08N5WRWNW", marketplace: "US", title: "Echo", image: null, categoryPath: ["Electronics", "Speakers"], rank: 1234,
    price: null, offers: null, rating: null, reviewCount: null, detailPageUrl: null, source: "live", refreshedAt: "2026-11-25T04:00:00.000Z",
    ...overrides,
  };
}

function answer(overrides: Partial<ProductAnswer> = {}, product = lookup()): ProductAnswer {
  return {
    lookup: { ok: true, data: product, status: 200, remaining: 41, limit: 100, resetSeconds: 3600 },
    history: {
      ok: true,
      status: 200,
      remaining: null,
      limit: null,
      resetSeconds: null,
      data: { asin: "B08N5WRWNW", marketplace: "US", range: "7d", days: 7, points: [
        { day: "2026-11-24", source: "live", rank: 1300, categoryRanks: [], price: null, currency: null, offers: null, rating: null, reviewCount: null },
        { day: "2026-11-25", source: "live", rank: 1234, categoryRanks: [], price: null, currency: null, offers: null, rating: null, reviewCount: null },
      ], velocity: { rankChangePercent: null, slopePerDay: null, best: null, worst: null } },
    },
    signedIn: false,
    historyDays: 7,
    fetchedAt: "2026-11-25T10:00:00.000Z",
    fromCache: false,
    ...overrides,
  };
}

function actions(): PanelActions {
  return {
    track: vi.fn(async () => ({ ok: true, message: "Tracking B08N5WRWNW (US): it is on your watchlist." })),
    alert: vi.fn(async () => ({ ok: true, message: "Alert created." })),
    openOptions: vi.fn(),
  };
}

function render(state: Parameters<typeof renderPanel>[1], panelActions = actions()) {
  const { host, root } = createPanelHost();
  document.body.append(host);
  renderPanel(root, state, panelActions, TODAY);
  return { root, text: () => root.textContent ?? "" };
}

describe("the product panel", () => {
  it("shows rank in its category, the path, 'not available' for a missing rating, the source and as-of time", () => {
    const { root, text } = render({ kind: "ready", answer: answer() });
    const facts = [...root.querySelectorAll("dd")].map((dd) => dd.textContent);
    expect(facts).toEqual(["#1,234 in Electronics", "Electronics › Speakers", "not available", "Live, as of 25 Nov 2026, 04:00 UTC"]);
    expect(root.querySelector(".badge")?.textContent).toBe("Live");
    expect(text()).toContain("41 of 100 free lookups left (resets in 1 hour).");
    expect(root.querySelector("svg")?.getAttribute("aria-label")).toBe("Rank over 7 days: from #1,300 to #1,234, best #1,234, worst #1,300.");
    expect(root.querySelector("path")?.getAttribute("d")).toMatch(/^M[\d.]+ [\d.]+ h0\.01 L[\d.]+ [\d.]+$/);
  });

  it("labels mock data as mock, never as live", () => {
    const { root, text } = render({ kind: "ready", answer: answer({}, lookup({ source: "mock" })) });
    expect(root.querySelector(".badge")?.textContent).toBe("Mock data");
    expect(text()).toContain("Sample data from RankLayer's mock mode, not live Amazon data.");
    expect(text()).not.toContain("Live");
  });

  it("labels a live answer shown again from the extension's own cache as cached, never as live", () => {
    const { root } = render({ kind: "ready", answer: answer({ fromCache: true }) });
    expect(root.querySelector(".badge")?.textContent).toBe("Cached");
    expect([...root.querySelectorAll("dd")].at(-1)?.textContent).toBe("Cached, as of 25 Nov 2026, 04:00 UTC");
    expect(root.textContent).not.toContain("Live");
    // A mock answer stays mock from the cache too.
    const mock = render({ kind: "ready", answer: answer({ fromCache: true }, lookup({ source: "mock" })) });
    expect(mock.root.querySelector(".badge")?.textContent).toBe("Mock data");
  });

  it("charts a live product's live days only: mock snapshots of the ASIN (a demo tracked it) are no part of its history", () => {
    const base = answer();
    const history = base.history as Extract<ProductAnswer["history"], { ok: true }>;
    const point = { categoryRanks: [], price: null, currency: null, offers: null, rating: null, reviewCount: null };
    const mixed: ProductAnswer = {
      ...base,
      history: {
        ...history,
        data: { ...history.data, points: [
          { day: "2026-11-22", source: "mock", rank: 90, ...point },
          { day: "2026-11-23", source: "mock", rank: 80, ...point },
          { day: "2026-11-24", source: "live", rank: 1300, ...point },
          { day: "2026-11-25", source: "live", rank: 1234, ...point },
        ] },
      },
    };
    const { root } = render({ kind: "ready", answer: mixed });
    expect(root.querySelector("svg")?.getAttribute("aria-label")).toBe("Rank over 7 days: from #1,300 to #1,234, best #1,234, worst #1,300.");
  });

  it("shows server text as text: no markup from the API is ever parsed", () => {
    const { root } = render({ kind: "ready", answer: answer({}, lookup({ categoryPath: [HOSTILE] })) });
    expect(root.querySelector("img")).toBeNull();
    expect(root.querySelector("dd")?.textContent).toBe(`#1,234 in ${HOSTILE}`);
  });

  it("says a 429 and a 503 in words with the retry time", () => {
    const limited = render({
      kind: "ready",
      answer: answer({ lookup: { ok: false, status: 429, detail: "Monthly lookup limit reached: 100 lookups per calendar month (UTC).", retryAfterSeconds: 5 * 86_400 }, history: null }),
    });
    expect(limited.root.querySelector('[role="alert"]')?.textContent).toBe(
      "Limit reached: Monthly lookup limit reached: 100 lookups per calendar month (UTC). Try again in 5 days.",
    );
    const down = render({ kind: "failed", status: 503, detail: "Product data is temporarily unavailable.", retryAfterSeconds: 30 });
    expect(down.root.querySelector('[role="alert"]')?.textContent).toBe(
      "Amazon data is unavailable right now: Product data is temporarily unavailable. Try again in 30 seconds.",
    );
  });

  it("offers 30 and 90 days with a key, switching without a request", () => {
    const { root } = render({ kind: "ready", answer: answer({ signedIn: true, historyDays: 90 }) });
    expect(root.querySelector("h3")?.textContent).toBe("Rank, last 30 days");
    const ninety = [...root.querySelectorAll("button")].find((button) => button.textContent === "90 days")!;
    ninety.click();
    expect(root.querySelector("h3")?.textContent).toBe("Rank, last 90 days");
    expect(root.textContent).not.toContain("free lookups left");
  });

  it("opens the alert form and sends the condition and threshold", async () => {
    const panelActions = actions();
    const { root } = render({ kind: "ready", answer: answer() }, panelActions);
    const form = root.querySelector("form")!;
    expect(form.hidden).toBe(true);
    [...root.querySelectorAll("button")].find((button) => button.textContent === "Alert")!.click();
    expect(form.hidden).toBe(false);
    // A rank a little worse than today's to start with.
    const threshold = root.querySelector<HTMLInputElement>("#ranklayer-alert-threshold")!;
    expect(threshold.value).toBe("1481");
    const condition = root.querySelector<HTMLSelectElement>("#ranklayer-alert-condition")!;
    condition.value = "price_change";
    condition.dispatchEvent(new Event("change"));
    expect(threshold.value).toBe("10");
    form.dispatchEvent(new Event("submit", { cancelable: true }));
    await vi.waitFor(() => expect(root.querySelector(".message")?.textContent).toBe("Alert created."));
    expect(panelActions.alert).toHaveBeenCalledWith("price_change", 10);
  });
});

describe("the panel's actions when the background never answers", () => {
  // An Amazon tab opened before the extension was updated: its messages fail with this error.
  const invalidated = () => Promise.reject(new Error("Extension context invalidated."));

  it("Track says to reload the page and frees its button", async () => {
    const { root } = render({ kind: "ready", answer: answer() }, { ...actions(), track: vi.fn(invalidated) });
    const track = [...root.querySelectorAll("button")].find((button) => button.textContent === "Track")!;
    track.click();
    await vi.waitFor(() => expect(root.querySelector(".message")?.textContent).toBe("The RankLayer extension was updated or turned off: reload this page to use it."));
    expect(root.querySelector(".message")?.className).toBe("message message--error");
    expect(track.disabled).toBe(false);
  });

  it("Create alert says so too and frees its button", async () => {
    const { root } = render({ kind: "ready", answer: answer() }, { ...actions(), alert: vi.fn(() => Promise.reject(new Error("Could not establish connection."))) });
    root.querySelector("form")!.dispatchEvent(new Event("submit", { cancelable: true }));
    await vi.waitFor(() => expect(root.querySelector(".message")?.textContent).toBe("The RankLayer extension did not answer: reload this page to try again."));
    expect([...root.querySelectorAll("button")].find((button) => button.textContent === "Create alert")!.disabled).toBe(false);
  });
});

describe("search result badges", () => {
  it("say once, on the first result, that a batch got no answer from the extension, and ask no further batch", async () => {
    const answer = await ranksOrUnanswered(Promise.reject(new Error("Extension context invalidated.")));
    expect(batchBadges(answer, ["B08N5WRWNW", "B000000002"])).toEqual({
      texts: ["RankLayer: The RankLayer extension was updated or turned off: reload this page to use it."],
      stop: true,
    });
  });

  it("say the rank, label mock data, and replace rather than pile up", () => {
    expect(badgeText({ asin: "B08N5WRWNW", ok: true, product: lookup({ source: "mock" }) })).toBe("BSR #1,234 in Electronics (mock)");
    expect(badgeText({ asin: "B08N5WRWNW", ok: true, product: lookup({ rank: null }) })).toBe("BSR —");
    expect(badgeText({ asin: "B08N5WRWNW", ok: false, error: "not_found", detail: "Unknown" })).toBe("BSR not available");
    const result = document.createElement("div");
    addBadge(result, "BSR #1");
    addBadge(result, "BSR #2");
    expect(result.querySelectorAll(".ranklayer-extension-rank")).toHaveLength(1);
    expect(result.querySelector(".ranklayer-extension-rank")!.shadowRoot!.textContent).toContain("BSR #2");
  });

  it("say in their tooltip where the rank comes from and as of when: a copy can be a day old", () => {
    const at = "2026-11-27T14:05:00.000Z";
    expect(badgeTitle({ asin: "B08N5WRWNW", ok: true, product: lookup({ source: "cache", refreshedAt: at }) })).toBe("Best Sellers Rank from RankLayer: Cached, as of 27 Nov 2026, 14:05 UTC");
    expect(badgeTitle({ asin: "B08N5WRWNW", ok: true, product: lookup({ source: "mock", refreshedAt: at }) })).toBe("Best Sellers Rank from RankLayer: Mock data, not live, as of 27 Nov 2026, 14:05 UTC");
    expect(badgeTitle({ asin: "B08N5WRWNW", ok: false, error: "not_found", detail: "Unknown" })).toBe("Best Sellers Rank from RankLayer");
    const result = document.createElement("div");
    addBadge(result, "BSR #1", badgeTitle({ asin: "B08N5WRWNW", ok: true, product: lookup({ source: "live", refreshedAt: at }) }));
    expect(result.querySelector(".ranklayer-extension-rank")!.shadowRoot!.querySelector("span")!.title).toBe("Best Sellers Rank from RankLayer: Live, as of 27 Nov 2026, 14:05 UTC");
  });
});

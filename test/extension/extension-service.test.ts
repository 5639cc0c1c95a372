import { describe, expect, it, vi } from "vitest";
import { API_TIMEOUT_MS } from "../../extension/src/api-client";
import type { KeyValueStore } from "../../extension/src/answer-cache";
import { ExtensionService, KEY_STORAGE } from "../../extension/src/extension-service";
import type { ProductAnswer, RanksAnswer } from "../../extension/src/messages";

const KEY = `rl_live_${"a".repeat(43)}`;
const ORIGIN = "https://api.example";

class MemoryStore implements KeyValueStore {
  readonly data = new Map<string, unknown>();
  async get(keys: string | string[] | null) {
    const names = keys === null ? [...this.data.keys()] : typeof keys === "string" ? [keys] : keys;
    return Object.fromEntries(names.filter((name) => this.data.has(name)).map((name) => [name, structuredClone(this.data.get(name))]));
  }
  async set(items: Record<string, unknown>) {
    for (const [name, value] of Object.entries(items)) this.data.set(name, structuredClone(value));
  }
  async remove(keys: string | string[]) {
    for (const name of typeof keys === "string" ? [keys] : keys) this.data.delete(name);
  }
}

interface Call {
  url: string;
  init: RequestInit;
}

/** A fake API: answers by path, records every call. */
function fakeApi(answer: (path: string, init: RequestInit) => Response) {
  const calls: Call[] = [];
  const fetch = async (url: string, init: RequestInit) => {
    calls.push({ url, init });
    return answer(url.slice(ORIGIN.length), init);
  };
  return { calls, fetch };
}

const json = (body: unknown, status = 200, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json", ...headers } });

const product = { asin: "B08N5WRWNW", marketplace: "US", source: "mock", rank: 1200, categoryPath: ["Electronics"], rating: null, reviewCount: null, refreshedAt: "2026-11-25T04:00:00.000Z" };
const history = { asin: "B08N5WRWNW", marketplace: "US", range: "7d", days: 7, points: [], velocity: {} };

/** The lookup answers its history in the same body when asked with `history`, as the Worker does. */
function productApi() {
  return fakeApi((path) =>
    path.startsWith("/api/v1/lookup")
      ? json(new URLSearchParams(path.split("?")[1]).has("history") ? { ...product, history } : product, 200, {
          "RateLimit-Policy": '"month";q=100',
          RateLimit: '"month";r=41;t=86400',
        })
      : json({ detail: "unexpected" }, 500),
  );
}

describe("the background service", () => {
  it("looks a product up anonymously once, with no credentials, and answers again from its 24-hour cache", async () => {
    const api = productApi();
    let now = Date.parse("2026-11-25T10:00:00Z");
    const service = new ExtensionService({ fetch: api.fetch, store: new MemoryStore(), apiOrigin: ORIGIN, now: () => now });
    const first = await service.product("B08N5WRWNW", "US");
    expect(first.lookup).toMatchObject({ ok: true, remaining: 41, limit: 100, resetSeconds: 86400 });
    expect(first).toMatchObject({ signedIn: false, historyDays: 7, fromCache: false });
    // One request for the view: the lookup carries the 7 days of history.
    expect(api.calls.map((call) => call.url)).toEqual([`${ORIGIN}/api/v1/lookup?asin=B08N5WRWNW&marketplace=US&history=7`]);
    expect(first.history).toMatchObject({ ok: true, data: history, remaining: 41 });
    expect(first.lookup.ok && "history" in first.lookup.data).toBe(false);
    expect(api.calls.every((call) => call.init.credentials === "omit" && !(call.init.headers as Record<string, string>).Authorization)).toBe(true);

    now += 23 * 3600_000;
    expect((await service.product("B08N5WRWNW", "US")).fromCache).toBe(true);
    expect(api.calls).toHaveLength(1);
    now += 3600_000;
    expect((await service.product("B08N5WRWNW", "US")).fromCache).toBe(false);
    expect(api.calls).toHaveLength(2);
  });

  it("shows a kept answer's free allowance as it stands now: the reset closer, and no old count once it has passed", async () => {
    // The per-minute limit is the closer one: it resets in 40 seconds.
    const api = fakeApi(() => json({ ...product, history }, 200, { "RateLimit-Policy": '"minute";q=30;w=60', RateLimit: '"minute";r=2;t=40' }));
    let now = Date.parse("2026-11-25T10:00:00Z");
    const service = new ExtensionService({ fetch: api.fetch, store: new MemoryStore(), apiOrigin: ORIGIN, now: () => now });
    await service.product("B08N5WRWNW", "US");
    now += 15_000;
    expect((await service.product("B08N5WRWNW", "US")).lookup).toMatchObject({ remaining: 2, limit: 30, resetSeconds: 25 });
    now += 3 * 3600_000;
    const kept = await service.product("B08N5WRWNW", "US");
    expect(kept.fromCache).toBe(true);
    expect(kept.lookup).toMatchObject({ ok: true, remaining: null, limit: null, resetSeconds: null });
    expect(api.calls).toHaveLength(1);
  });

  it("still answers, and keeps the key, when extension storage is full", async () => {
    /** chrome.storage.local refuses a write past its quota ("QUOTA_BYTES quota exceeded"). */
    class FullStore extends MemoryStore {
      override async set(items: Record<string, unknown>) {
        const size = JSON.stringify(Object.fromEntries([...this.data, ...Object.entries(items)])).length;
        if (size > 2_000) throw new Error("QUOTA_BYTES quota exceeded");
        await super.set(items);
      }
    }
    const store = new FullStore();
    await store.set({ [KEY_STORAGE]: KEY });
    const api = productApi();
    const service = new ExtensionService({ fetch: api.fetch, store, apiOrigin: ORIGIN });
    for (const asin of ["B000000001", "B000000002", "B000000003", "B000000004", "B000000005", "B000000006", "B000000007", "B000000008"]) {
      const answer = await service.product(asin, "US");
      expect(answer.lookup.ok, asin).toBe(true);
    }
    expect(store.data.get(KEY_STORAGE)).toBe(KEY);
    // The latest answer was kept after the older ones made room.
    expect((await service.product("B000000008", "US")).fromCache).toBe(true);
  });

  it("sends the key from storage, asks for 90 days, and keeps keyed and anonymous answers apart", async () => {
    const api = productApi();
    const store = new MemoryStore();
    const service = new ExtensionService({ fetch: api.fetch, store, apiOrigin: ORIGIN });
    await service.product("B08N5WRWNW", "US");
    await store.set({ [KEY_STORAGE]: KEY });
    const keyed: ProductAnswer = await service.product("B08N5WRWNW", "US");
    expect(keyed).toMatchObject({ signedIn: true, historyDays: 90, fromCache: false });
    expect(api.calls.at(-1)!.url).toBe(`${ORIGIN}/api/v1/lookup?asin=B08N5WRWNW&marketplace=US&history=90`);
    expect(api.calls).toHaveLength(2);
    expect((api.calls.at(-1)!.init.headers as Record<string, string>).Authorization).toBe(`Bearer ${KEY}`);
  });

  it("does not cache or follow a failed lookup, and keeps the retry time of a 429", async () => {
    const api = fakeApi(() => json({ detail: "Monthly lookup limit reached." }, 429, { "Retry-After": "3600" }));
    const service = new ExtensionService({ fetch: api.fetch, store: new MemoryStore(), apiOrigin: ORIGIN });
    const answer = await service.product("B08N5WRWNW", "US");
    expect(answer.lookup).toEqual({ ok: false, status: 429, detail: "Monthly lookup limit reached.", retryAfterSeconds: 3600 });
    expect(answer.history).toBeNull();
    await service.product("B08N5WRWNW", "US");
    expect(api.calls).toHaveLength(2);
  });

  it("shows a lookup whose answer carries no history without one, and caches it all the same", async () => {
    const api = fakeApi(() => json(product));
    const service = new ExtensionService({ fetch: api.fetch, store: new MemoryStore(), apiOrigin: ORIGIN });
    const answer = await service.product("B08N5WRWNW", "US");
    expect(answer.lookup).toMatchObject({ ok: true, data: product });
    expect(answer.history).toBeNull();
    expect((await service.product("B08N5WRWNW", "US")).fromCache).toBe(true);
    expect(api.calls).toHaveLength(1);
  });

  it("says a network failure in words", async () => {
    const service = new ExtensionService({ fetch: () => Promise.reject(new TypeError("offline")), store: new MemoryStore(), apiOrigin: ORIGIN });
    expect((await service.product("B08N5WRWNW", "US")).lookup).toMatchObject({ ok: false, status: 0, detail: expect.stringMatching(/^Could not reach RankLayer/) });
  });

  it("gives up on an app that never answers, says so, and keeps nothing", async () => {
    vi.useFakeTimers();
    try {
      // Hung: accepts the request and never answers, until the extension aborts it.
      const hung = (_url: string, init: RequestInit) =>
        new Promise<Response>((_resolve, reject) => init.signal?.addEventListener("abort", () => reject(new DOMException("aborted", "AbortError"))));
      const store = new MemoryStore();
      const service = new ExtensionService({ fetch: hung, store, apiOrigin: ORIGIN });
      const pending = service.product("B08N5WRWNW", "US");
      await vi.advanceTimersByTimeAsync(API_TIMEOUT_MS);
      expect((await pending).lookup).toEqual({ ok: false, status: 0, detail: "RankLayer did not answer in time. Try again in a moment.", retryAfterSeconds: null });
      expect([...store.data.keys()]).toEqual([]);
    } finally {
      vi.useRealTimers();
    }
  });

  it("needs a key for Track, Alert and search ranks, and calls nothing without one", async () => {
    const api = productApi();
    const service = new ExtensionService({ fetch: api.fetch, store: new MemoryStore(), apiOrigin: ORIGIN });
    expect(await service.track("B08N5WRWNW", "US")).toEqual({ ok: false, message: "Tracking needs a RankLayer Pro key: add it in the extension's options." });
    expect((await service.alert({ type: "alert", asin: "B08N5WRWNW", marketplace: "US", conditionType: "rank_above", threshold: 10 })).ok).toBe(false);
    expect((await service.ranks(["B08N5WRWNW"], "US")) as RanksAnswer).toMatchObject({ ok: false, status: 401 });
    expect(api.calls).toEqual([]);
  });

  it("posts Track and Alert with the key, and reports the server's refusal as it is", async () => {
    const api = fakeApi((path) => {
      if (path === "/api/v1/watchlist") return json({ item: {} }, 201);
      if (path === "/api/v1/alerts") return json({ detail: "Your Pro plan allows 500 active alerts." }, 403);
      return json({}, 500);
    });
    const store = new MemoryStore();
    await store.set({ [KEY_STORAGE]: KEY });
    const service = new ExtensionService({ fetch: api.fetch, store, apiOrigin: ORIGIN });
    expect(await service.track("B08N5WRWNW", "DE")).toEqual({ ok: true, message: "Tracking B08N5WRWNW (DE): it is on your watchlist." });
    expect(JSON.parse(String(api.calls[0]!.init.body))).toEqual({ asin: "B08N5WRWNW", marketplace: "DE" });
    expect(await service.alert({ type: "alert", asin: "B08N5WRWNW", marketplace: "DE", conditionType: "price_change", threshold: 10 })).toEqual({
      ok: false,
      message: "Your Pro plan allows 500 active alerts.",
    });
    expect(JSON.parse(String(api.calls[1]!.init.body))).toEqual({ asin: "B08N5WRWNW", marketplace: "DE", conditionType: "price_change", threshold: 10 });
  });

  it("sends one Idempotency-Key per create and keeps it for a retry after a lost answer, so an alert is made once", async () => {
    const answers = [() => Promise.reject(new TypeError("network")), () => Promise.resolve(json({ detail: "busy" }, 503)), () => Promise.resolve(json({ alert: {} }, 201))];
    const sent: RequestInit[] = [];
    const fetch = (_url: string, init: RequestInit) => {
      sent.push(init);
      return answers.shift()?.() ?? Promise.resolve(json({ detail: "This alert already exists." }, 409));
    };
    const store = new MemoryStore();
    await store.set({ [KEY_STORAGE]: KEY });
    const service = new ExtensionService({ fetch, store, apiOrigin: ORIGIN });
    const request = { type: "alert" as const, asin: "B08N5WRWNW", marketplace: "US" as const, conditionType: "rank_above" as const, threshold: 500 };
    const keyOf = (init: RequestInit) => (init.headers as Record<string, string>)["Idempotency-Key"];

    expect((await service.alert(request)).ok).toBe(false);
    expect((await service.alert(request)).ok).toBe(false);
    expect((await service.alert(request)).ok).toBe(true);
    // No answer, then a 503: both may have created it, so the retries carry the first key.
    expect(keyOf(sent[0]!)).toMatch(/^[0-9a-f-]{36}$/);
    expect(sent.map(keyOf)).toEqual([keyOf(sent[0]!), keyOf(sent[0]!), keyOf(sent[0]!)]);
    // Answered: creating it again on purpose is a new create, with a new key; another threshold is another create.
    await service.alert(request);
    await service.alert({ ...request, threshold: 400 });
    expect(new Set(sent.map(keyOf)).size).toBe(3);
  });

  it("checks a key before saving it: a malformed key costs no call, a Free account's key is refused in words", async () => {
    const api = fakeApi(() => json({ detail: "This API key is disabled: the account is on the Free plan, which has no API access. Upgrade to Pro to enable it again." }, 403));
    const store = new MemoryStore();
    const service = new ExtensionService({ fetch: api.fetch, store, apiOrigin: ORIGIN });
    expect(await service.saveKey("hello")).toEqual({ ok: false, detail: expect.stringMatching(/^That is not a RankLayer API key/) });
    expect(api.calls).toEqual([]);
    expect(await service.saveKey(KEY)).toEqual({ ok: false, detail: expect.stringMatching(/Free plan, which has no API access/) });
    expect(store.data.has(KEY_STORAGE)).toBe(false);
  });

  it("saves a working key (clearing cached answers) and shows only its prefix", async () => {
    const api = productApi();
    const store = new MemoryStore();
    const service = new ExtensionService({ fetch: fakeApi(() => json({ plan: "pro" })).fetch, store, apiOrigin: ORIGIN });
    await new ExtensionService({ fetch: api.fetch, store, apiOrigin: ORIGIN }).product("B08N5WRWNW", "US");
    expect([...store.data.keys()].some((name) => name.startsWith("answer:"))).toBe(true);
    expect(await service.saveKey(` ${KEY} `)).toEqual({ ok: true, status: { keyPrefix: "rl_live_aaaaaa…" }, replacedKeyPrefix: null });
    expect(store.data.get(KEY_STORAGE)).toBe(KEY);
    expect([...store.data.keys()].some((name) => name.startsWith("answer:"))).toBe(false);
    // The same key again replaces nothing; another one names the key it replaced (the site revokes it).
    expect(await service.saveKey(KEY)).toMatchObject({ ok: true, replacedKeyPrefix: null });
    const next = `rl_live_${"b".repeat(43)}`;
    expect(await service.saveKey(next)).toEqual({ ok: true, status: { keyPrefix: "rl_live_bbbbbb…" }, replacedKeyPrefix: "rl_live_aaaaaa…" });
    expect(await service.removeKey()).toEqual({ keyPrefix: null });
    expect(store.data.has(KEY_STORAGE)).toBe(false);
  });

  it("asks for search ranks ten ASINs at a time", async () => {
    const api = fakeApi(() => json({ marketplace: "US", items: [] }));
    const store = new MemoryStore();
    await store.set({ [KEY_STORAGE]: KEY });
    const service = new ExtensionService({ fetch: api.fetch, store, apiOrigin: ORIGIN });
    const asins = Array.from({ length: 12 }, (_, i) => `B0000000${String(i).padStart(2, "0")}`);
    await service.ranks(asins, "US");
    expect(new URL(api.calls[0]!.url).searchParams.get("asins")!.split(",")).toEqual(asins.slice(0, 10));
  });
});

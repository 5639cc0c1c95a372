/**
 * What the background service worker does for its pages, with its I/O passed in (fetch, storage,
 * clock) so tests run it against fakes. It alone reads the key and calls the API.
 */
import type { AlertView } from "../../worker/contract/alerts";
import { COMPARE_MAX_ASINS, type CompareResponse } from "../../worker/contract/compare";
import { keepsIdempotencyKey } from "../../worker/contract/idempotency-retry";
import type { Marketplace } from "../../worker/contract/marketplaces";
import type { LookupResult } from "../../worker/contract/product";
import { AnswerCache, type KeyValueStore } from "./answer-cache";
import { callApi, type FetchFn } from "./api-client";
import type { ActionAnswer, ApiOutcome, ExtensionRequest, KeyStatus, ProductAnswer, RanksAnswer, SaveKeyAnswer } from "./messages";
import { alertSummary, keyedErrorSentence } from "./panel/format";

export const KEY_STORAGE = "apiKey";
const KEY_PATTERN = /^rl_live_[0-9A-Za-z]{43}$/;
/** With a key (Pro) the panel shows 30 days and offers 90; anonymous visitors may read 7. */
export const SIGNED_IN_HISTORY_DAYS = 90;
export const ANONYMOUS_HISTORY_DAYS = 7;

export interface ServiceDeps {
  fetch: FetchFn;
  store: KeyValueStore;
  apiOrigin: string;
  now?: () => number;
}

export function keyPrefix(key: string): string {
  return `${key.slice(0, 14)}…`;
}

/** The lookup's answer as the panel reads it: the product, and its `history` field as an answer of its own. */
export function splitHistory(outcome: ApiOutcome<LookupResult>): Pick<ProductAnswer, "lookup" | "history"> {
  if (!outcome.ok) return { lookup: outcome, history: null };
  const { history, ...product } = outcome.data;
  return { lookup: { ...outcome, data: product }, history: history ? { ...outcome, data: history } : null };
}

/**
 * A kept answer's free allowance as it stands now: its reset is that much closer, and once the
 * reset has passed the count it gave is no longer known (the allowance started again since).
 */
function allowanceNow(lookup: ProductAnswer["lookup"], elapsedSeconds: number): ProductAnswer["lookup"] {
  if (!lookup.ok || lookup.resetSeconds === null) return lookup;
  const resetSeconds = Math.ceil(lookup.resetSeconds - elapsedSeconds);
  return resetSeconds > 0 ? { ...lookup, resetSeconds } : { ...lookup, remaining: null, limit: null, resetSeconds: null };
}

export class ExtensionService {
  private readonly cache: AnswerCache;
  private readonly now: () => number;
  /** Idempotency-Keys of creates whose answer may have been lost, by route and input (`create`). */
  private readonly unanswered = new Map<string, string>();

  constructor(private readonly deps: ServiceDeps) {
    this.now = deps.now ?? Date.now;
    this.cache = new AnswerCache(deps.store, this.now);
  }

  private async key(): Promise<string | null> {
    const key = (await this.deps.store.get(KEY_STORAGE))[KEY_STORAGE];
    return typeof key === "string" && key !== "" ? key : null;
  }

  private call<T>(key: string | null, path: string, init?: { method?: "GET" | "POST"; body?: unknown; headers?: Record<string, string> }) {
    return callApi<T>(this.deps.fetch, this.deps.apiOrigin, key, path, init);
  }

  /**
   * A create with an Idempotency-Key, as the web app sends them (web/src/api/idempotency.ts): one
   * key per create and input, kept while the create may have run although its answer was lost
   * (keepsIdempotencyKey), so a click on the panel's button again after "did not answer in time"
   * gets the first answer instead of a second alert.
   */
  private async create<T>(key: string, path: string, body: Record<string, unknown>) {
    const id = `${path} ${JSON.stringify(body)}`;
    const idempotencyKey = this.unanswered.get(id) ?? crypto.randomUUID();
    this.unanswered.set(id, idempotencyKey);
    const outcome = await this.call<T>(key, path, { method: "POST", body, headers: { "Idempotency-Key": idempotencyKey } });
    // Status 0: no answer (offline, timed out).
    if (outcome.ok || !keepsIdempotencyKey(outcome.status === 0 ? null : outcome.status, outcome.retryAfterSeconds !== null)) this.unanswered.delete(id);
    return outcome;
  }

  handle(request: ExtensionRequest): Promise<unknown> {
    switch (request.type) {
      case "product":
        return this.product(request.asin, request.marketplace);
      case "ranks":
        return this.ranks(request.asins, request.marketplace);
      case "track":
        return this.track(request.asin, request.marketplace);
      case "alert":
        return this.alert(request);
      case "key-status":
        return this.keyStatus();
      case "save-key":
        return this.saveKey(request.key);
      case "remove-key":
        return this.removeKey();
      default:
        return Promise.resolve({ ok: false, message: "Unknown request." });
    }
  }

  /** The lookup with its history, from the 24-hour cache or with one call: one request per page view at most. */
  async product(asin: string, marketplace: Marketplace): Promise<ProductAnswer> {
    const key = await this.key();
    const cacheKey = `product:${key ? "key" : "anon"}:${marketplace}:${asin}`;
    const cached = await this.cache.get<ProductAnswer>(cacheKey);
    if (cached) return { ...cached.value, lookup: allowanceNow(cached.value.lookup, (this.now() - cached.storedAt) / 1000), fromCache: true };

    const days = key ? SIGNED_IN_HISTORY_DAYS : ANONYMOUS_HISTORY_DAYS;
    const outcome = await this.call<LookupResult>(key, `/api/v1/lookup?asin=${encodeURIComponent(asin)}&marketplace=${marketplace}&history=${days}`);
    const { lookup, history } = splitHistory(outcome);
    const answer: ProductAnswer = {
      lookup,
      history,
      signedIn: key !== null,
      historyDays: days,
      fetchedAt: new Date(this.now()).toISOString(),
      fromCache: false,
    };
    if (lookup.ok) await this.cache.put(cacheKey, answer);
    return answer;
  }

  /** Ranks for search results: one compare call per 10 ASINs, Pro only (each would cost a free lookup). */
  async ranks(asins: string[], marketplace: Marketplace): Promise<RanksAnswer> {
    const key = await this.key();
    if (!key) return { ok: false, status: 401, detail: "Add a RankLayer Pro key in the extension's options to see ranks on search pages.", retryAfterSeconds: null, keyMissing: true };
    const batch = [...new Set(asins)].slice(0, COMPARE_MAX_ASINS);
    const cacheKey = `ranks:${marketplace}:${batch.join(",")}`;
    const cached = await this.cache.get<RanksAnswer>(cacheKey);
    if (cached) return cached.value;
    const outcome = await this.call<CompareResponse>(key, `/api/v1/compare?asins=${batch.join(",")}&marketplace=${marketplace}`);
    if (!outcome.ok) return { ok: false, status: outcome.status, detail: outcome.detail, retryAfterSeconds: outcome.retryAfterSeconds, keyMissing: false };
    const answer: RanksAnswer = { ok: true, items: outcome.data.items };
    await this.cache.put(cacheKey, answer);
    return answer;
  }

  async track(asin: string, marketplace: Marketplace): Promise<ActionAnswer> {
    const key = await this.key();
    if (!key) return { ok: false, message: "Tracking needs a RankLayer Pro key: add it in the extension's options." };
    const outcome = await this.create<unknown>(key, "/api/v1/watchlist", { asin, marketplace });
    if (!outcome.ok) return { ok: false, message: keyedErrorSentence(outcome.status, outcome.detail, outcome.retryAfterSeconds) };
    return { ok: true, message: outcome.status === 201 ? `Tracking ${asin} (${marketplace}): it is on your watchlist.` : `${asin} (${marketplace}) is already on your watchlist.` };
  }

  async alert(request: Extract<ExtensionRequest, { type: "alert" }>): Promise<ActionAnswer> {
    const key = await this.key();
    if (!key) return { ok: false, message: "Alerts need a RankLayer Pro key: add it in the extension's options." };
    const { asin, marketplace, conditionType, threshold } = request;
    const outcome = await this.create<{ alert: AlertView }>(key, "/api/v1/alerts", { asin, marketplace, conditionType, threshold });
    if (!outcome.ok) return { ok: false, message: keyedErrorSentence(outcome.status, outcome.detail, outcome.retryAfterSeconds) };
    return { ok: true, message: `Alert created: ${alertSummary(conditionType, threshold)}. RankLayer checks it every night.` };
  }

  async keyStatus(): Promise<KeyStatus> {
    const key = await this.key();
    return { keyPrefix: key ? keyPrefix(key) : null };
  }

  /** Checks the key with the API before keeping it, so a typo or a Free account is named at once. */
  async saveKey(raw: string): Promise<SaveKeyAnswer> {
    const key = raw.trim();
    if (!KEY_PATTERN.test(key)) return { ok: false, detail: "That is not a RankLayer API key: keys start with rl_live_ and have 51 characters." };
    const check = await this.call<unknown>(key, "/api/v1/compare/plan");
    if (!check.ok) return { ok: false, detail: check.detail };
    const previous = await this.key();
    // The kept answers go first: they were for the old key, and they make room in a full storage.
    await this.cache.clear();
    await this.deps.store.set({ [KEY_STORAGE]: key });
    return { ok: true, status: { keyPrefix: keyPrefix(key) }, replacedKeyPrefix: previous && previous !== key ? keyPrefix(previous) : null };
  }

  async removeKey(): Promise<KeyStatus> {
    await this.deps.store.remove(KEY_STORAGE);
    await this.cache.clear();
    return { keyPrefix: null };
  }
}

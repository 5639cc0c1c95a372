/**
 * What the content script and the options page ask the background service worker, and what it
 * answers. Only the background holds the API key and calls the API; pages get data, never the key.
 */
import type { LookupResult } from "../../worker/contract/product";
import type { HistoryResponse } from "../../worker/contract/history";
import type { CompareItem } from "../../worker/contract/compare";
import type { Marketplace } from "../../worker/contract/marketplaces";

/** One API answer: the data with the allowance headers, or the error in words with its retry time. */
export type ApiOutcome<T> =
  | { ok: true; data: T; status: number; remaining: number | null; limit: number | null; resetSeconds: number | null }
  | { ok: false; status: number; detail: string; retryAfterSeconds: number | null };

/** The alerts the panel's small form offers: a rank threshold or a price change in percent. */
export type PanelAlertCondition = "rank_above" | "price_change";

export type ExtensionRequest =
  | { type: "product"; asin: string; marketplace: Marketplace }
  | { type: "ranks"; asins: string[]; marketplace: Marketplace }
  | { type: "track"; asin: string; marketplace: Marketplace }
  | { type: "alert"; asin: string; marketplace: Marketplace; conditionType: PanelAlertCondition; threshold: number }
  | { type: "key-status" }
  | { type: "save-key"; key: string }
  | { type: "remove-key" }
  | { type: "open-options" };

export interface ProductAnswer {
  lookup: ApiOutcome<LookupResult>;
  /** The lookup's `history` field (one call answers both); null when the lookup failed or carried none. */
  history: ApiOutcome<HistoryResponse> | null;
  /** Whether a key was used: Pro (30 and 90 days, Track, Alert) rather than the anonymous free lookup. */
  signedIn: boolean;
  /** Days of history asked for: 90 with a key, the anonymous 7 without. */
  historyDays: number;
  /** When the background stored this answer (ISO); equal to now on a fresh answer. */
  fetchedAt: string;
  fromCache: boolean;
}

/** Search results: the rank of each ASIN the compare answered. */
export type RanksAnswer =
  | { ok: true; items: CompareItem[] }
  /** `keyMissing`: no key saved, so nothing was asked (search ranks are Pro only); else the API's refusal. */
  | { ok: false; detail: string; retryAfterSeconds: number | null; status: number; keyMissing: boolean };

export interface KeyStatus {
  /** "rl_live_abcd…", never the whole key. */
  keyPrefix: string | null;
}

/** `replacedKeyPrefix`: the prefix of another key the extension held before ("rl_live_abcd…"), else null. */
export type SaveKeyAnswer = { ok: true; status: KeyStatus; replacedKeyPrefix: string | null } | { ok: false; detail: string };

export interface ActionAnswer {
  ok: boolean;
  /** What to tell the user, in words. */
  message: string;
}

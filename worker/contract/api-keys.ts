/** API keys as Settings → API Access shows them. Zod-free: the web imports it. */
import type { WorkspaceRole } from "./workspaces";

/** Live keys per workspace, the same on every plan with API access (so no upgrade raises it). */
export const MAX_LIVE_API_KEYS = 5;

/** The refusal of a key past MAX_LIVE_API_KEYS (403 plan_limit): the plan and the limit, and how to free a place. */
export function keyLimitDetail(planName: string): string {
  return (
    `Your ${planName} plan allows ${MAX_LIVE_API_KEYS} live API keys per workspace and all ${MAX_LIVE_API_KEYS} are in use; no plan allows more. ` +
    "Revoke one first, or rotate one to replace it."
  );
}
export const API_KEY_NAME_MAX_LENGTH = 60;

export interface ApiKeyUsage {
  /** Requests in the current UTC hour. */
  thisHour: number;
  /** Requests per UTC day over the last 7 days, oldest first (today last). */
  days: { day: string; requests: number }[];
}

export interface ApiKeyView {
  id: string;
  name: string;
  /** "rl_live_" and the key's first characters. */
  prefix: string;
  createdAt: string;
  lastUsedAt: string | null;
  usage: ApiKeyUsage;
  /** Who made it, and the role it acts with: its maker's current one (null: no longer a member, so it is refused). */
  madeBy: KeyMaker;
}

export interface KeyMaker {
  email: string | null;
  role: WorkspaceRole | null;
}

/** GET /api/api-keys. */
export interface ApiKeyList {
  keys: ApiKeyView[];
  maxKeys: number;
  /** The plan's hourly request limit across all keys; null when the plan has no API access. */
  requestsPerHour: number | null;
  /** The plan's name ("Agency"), which the limit is said to be of. */
  planName: string;
  /** Requests this hour across the account's keys. */
  usedThisHour: number;
}

/** POST /api/api-keys and POST /api/api-keys/:id/rotate: the only time the full key is sent. */
export interface CreatedApiKey {
  key: string;
  apiKey: ApiKeyView;
}

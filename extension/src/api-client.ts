import { readRateLimit } from "../../worker/contract/rate-limit-fields";
import type { ApiOutcome } from "./messages";

export type FetchFn = (input: string, init: RequestInit) => Promise<Response>;

/**
 * How long one call may take, answer body included. The server's own upstream waits are shorter;
 * past this the app is hung or unreachable, and the panel says so rather than "Looking up…" until
 * Chrome stops the service worker (5 minutes for one fetch).
 */
export const API_TIMEOUT_MS = 20_000;
const TIMED_OUT = "RankLayer did not answer in time. Try again in a moment.";

function headerNumber(response: Response, name: string): number | null {
  const text = response.headers.get(name);
  return text !== null && /^\d+$/.test(text.trim()) ? Number(text) : null;
}

/**
 * One call to the RankLayer API. The key goes in Authorization; `credentials: "omit"` so the
 * browser never attaches the site's cookies (the server refuses an extension request with them).
 * Every failure, network errors included, comes back as an outcome with a detail in words.
 */
export async function callApi<T>(
  fetchFn: FetchFn,
  origin: string,
  key: string | null,
  path: string,
  init: { method?: "GET" | "POST"; body?: unknown; headers?: Record<string, string> } = {},
): Promise<ApiOutcome<T>> {
  const headers: Record<string, string> = { Accept: "application/json", ...init.headers };
  if (key) headers.Authorization = `Bearer ${key}`;
  if (init.body !== undefined) headers["Content-Type"] = "application/json";
  const deadline = new AbortController();
  const timer = setTimeout(() => deadline.abort(), API_TIMEOUT_MS);
  let response: Response;
  let body: unknown;
  try {
    response = await fetchFn(`${origin}${path}`, {
      method: init.method ?? "GET",
      headers,
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
      credentials: "omit",
      cache: "no-store",
      signal: deadline.signal,
    });
    body = await response.json().catch(() => null);
  } catch {
    const detail = deadline.signal.aborted ? TIMED_OUT : "Could not reach RankLayer. Check your connection and try again.";
    return { ok: false, status: 0, detail, retryAfterSeconds: null };
  } finally {
    clearTimeout(timer);
  }
  if (deadline.signal.aborted) return { ok: false, status: 0, detail: TIMED_OUT, retryAfterSeconds: null };
  if (response.ok) {
    // The key's hourly limit: the first (with a key, the only) limit the answer states.
    const limit = readRateLimit(response.headers);
    return { ok: true, data: body as T, status: response.status, remaining: limit?.remaining ?? null, limit: limit?.limit ?? null, resetSeconds: limit?.resetSeconds ?? null };
  }
  return { ok: false, status: response.status, detail: detailOf(body, response.status), retryAfterSeconds: headerNumber(response, "Retry-After") };
}

/** The server's `detail` (a string, or the 422 list of {msg}), or a sentence for the status. */
export function detailOf(body: unknown, status: number): string {
  const detail = (body as { detail?: unknown } | null)?.detail;
  if (typeof detail === "string" && detail !== "") return detail;
  if (Array.isArray(detail)) {
    const messages = detail.map((item) => (item as { msg?: unknown }).msg).filter((msg): msg is string => typeof msg === "string");
    if (messages.length > 0) return messages.join(". ");
  }
  return `RankLayer answered with an error (HTTP ${status}).`;
}

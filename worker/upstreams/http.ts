/**
 * What every outside system's client needs the same way: reading Retry-After, telling a
 * timeout from another network failure, bounding a wait, and caching OAuth access tokens.
 */

/** The longest wait any Retry-After is honoured for (an hour); longer asks are capped to it. */
export const MAX_RETRY_AFTER_SECONDS = 3600;

/** Retry-After as seconds, capped at MAX_RETRY_AFTER_SECONDS: either delta-seconds or an HTTP date. */
export function retryAfterSeconds(header: string | null): number | undefined {
  if (!header) return undefined;
  const trimmed = header.trim();
  if (/^\d+$/.test(trimmed)) return Math.min(MAX_RETRY_AFTER_SECONDS, Number.parseInt(trimmed, 10));
  // An HTTP date names its month ("Fri, 01 Jan 2100 00:00:00 GMT"); "-5" or "3.5" is no date (Date.parse reads them
  // as years of 2001) and no delta-seconds: ignored, as if absent, so the caller's own backoff applies.
  if (!/[a-z]/i.test(trimmed)) return undefined;
  const date = Date.parse(trimmed);
  if (Number.isNaN(date)) return undefined;
  return Math.min(MAX_RETRY_AFTER_SECONDS, Math.max(0, Math.ceil((date - Date.now()) / 1000)));
}

/** The Retry-After of an answer, in seconds. */
export function retryAfterOf(res: Response): number | undefined {
  return retryAfterSeconds(res.headers.get("Retry-After"));
}

/** The name of a thrown value; DOMException is not an Error subclass everywhere, so it is read structurally. */
export function errorName(error: unknown): string {
  return typeof error === "object" && error !== null && "name" in error ? String(error.name) : "";
}

/** A thrown fetch ran out of its time bound (AbortSignal.timeout) or was aborted by its caller. */
export function isTimeout(error: unknown): boolean {
  const name = errorName(error);
  return name === "TimeoutError" || name === "AbortError";
}

/** Rejects when `promise` has not settled within `ms`. */
export function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => {
    if (timer !== undefined) clearTimeout(timer);
  });
}

/** An OAuth grant's answer: the access token and its lifetime in seconds, when the upstream said. */
export interface GrantedToken {
  token: string;
  expiresInSeconds?: unknown;
}

interface CachedToken {
  token: string;
  /** Epoch ms after which the token is no longer used. */
  renewAt: number;
}

/** Renew this long before the upstream's expiry, so no call goes out with a dying token. */
const EXPIRY_MARGIN_MS = 60_000;
/** What the OAuth servers' SDKs assume when a grant omits expires_in. */
const DEFAULT_LIFETIME_S = 3600;

/**
 * Access tokens per key, shared by every request an isolate serves (so the caller keeps
 * one cache at module level). Concurrent callers of one key share one grant.
 */
export class TokenCache {
  private readonly tokens = new Map<string, CachedToken>();
  private readonly grants = new Map<string, Promise<CachedToken>>();

  /** @param maxEntries the oldest entry goes first past this many (a Map keeps insertion order). */
  constructor(private readonly maxEntries = Number.POSITIVE_INFINITY) {}

  /** The cached token of `key`, the grant already under way for it, or a new grant. */
  token(key: string, grant: () => Promise<GrantedToken>): Promise<string> {
    const hit = this.tokens.get(key);
    if (hit && Date.now() < hit.renewAt) return Promise.resolve(hit.token);
    let pending = this.grants.get(key);
    if (!pending) {
      pending = grant()
        .then(({ token, expiresInSeconds }) => {
          const lifetimeS = typeof expiresInSeconds === "number" && expiresInSeconds > 0 ? expiresInSeconds : DEFAULT_LIFETIME_S;
          const cached = { token, renewAt: Date.now() + lifetimeS * 1000 - EXPIRY_MARGIN_MS };
          this.tokens.set(key, cached);
          if (this.tokens.size > this.maxEntries) this.tokens.delete(this.tokens.keys().next().value as string);
          return cached;
        })
        .finally(() => this.grants.delete(key));
      this.grants.set(key, pending);
    }
    return pending.then((cached) => cached.token);
  }

  /** Forgets `key`'s token; with `token`, only if no newer one already replaced it. */
  drop(key: string, token?: string): void {
    if (token === undefined || this.tokens.get(key)?.token === token) this.tokens.delete(key);
  }
}

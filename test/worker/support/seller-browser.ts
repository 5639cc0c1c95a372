import { createExecutionContext, env, waitOnExecutionContext } from "cloudflare:test";
import { expect } from "vitest";
import { app } from "../../../worker/app";
import type { Bindings } from "../../../worker/env";
import type { SellerCallRecord } from "../../fakes/spapi-calls";

/** 32-byte keys in the TOKEN_ENCRYPTION_KEYS format. */
export const KEY_2026 = btoa(String.fromCharCode(...new Uint8Array(32).fill(7)));
export const KEY_2027 = btoa(String.fromCharCode(...new Uint8Array(32).fill(9)));

/** Bindings with SP-API configured: a fresh LWA client per test, pointed at the fakes' real hosts. */
export function sellerEnv(overrides: Partial<Bindings> = {}): Bindings {
  return {
    ...env,
    LWA_CLIENT_ID: `amzn1.application-oa2-client.${crypto.randomUUID()}`,
    LWA_CLIENT_SECRET: "lwa-secret",
    SPAPI_APPLICATION_ID: "amzn1.sp.solution.test-app",
    SESSION_SECRET: "test-session-secret-with-enough-entropy-0123456789",
    TOKEN_ENCRYPTION_KEYS: `k2026:${KEY_2026}`,
    ...overrides,
  };
}

/**
 * Bindings without any SP-API secret: demo sign-in only. SESSION_SECRET is set; the test of
 * the generated fallback key (a fresh clone) unsets it.
 */
export function demoEnv(overrides: Partial<Bindings> = {}): Bindings {
  return { ...env, SESSION_SECRET: "demo-session-secret-0123456789abcdefghij", ...overrides };
}

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

export interface BrowserRequest extends RequestInit {
  /** Send no X-XSRF-TOKEN header, whatever the cookie. */
  omitXsrfHeader?: boolean;
  xsrfHeader?: string;
  /** The request's execution context, the test's own (to see what it keeps alive); the test then waits on its work itself. */
  executionContext?: ExecutionContext;
}

/**
 * One browser against the app: keeps the cookies the Worker sets (honouring deletion) and,
 * like apiFetch, echoes the XSRF cookie on state-changing requests after fetching it once.
 */
export class TestBrowser {
  readonly cookies = new Map<string, string>();

  constructor(public bindings: Bindings) {}

  async request(path: string, init: BrowserRequest = {}): Promise<Response> {
    const { omitXsrfHeader, xsrfHeader, executionContext, ...requestInit } = init;
    const method = (requestInit.method ?? "GET").toUpperCase();
    if (!SAFE_METHODS.has(method) && !this.cookies.has("XSRF-TOKEN") && !omitXsrfHeader && xsrfHeader === undefined) {
      await this.request("/api/auth/xsrf");
    }
    const headers = new Headers(requestInit.headers);
    if (this.cookies.size > 0) {
      headers.set("Cookie", [...this.cookies].map(([name, value]) => `${name}=${value}`).join("; "));
    }
    const xsrf = xsrfHeader ?? this.cookies.get("XSRF-TOKEN");
    if (!SAFE_METHODS.has(method) && !omitXsrfHeader && xsrf) headers.set("X-XSRF-TOKEN", xsrf);
    if (typeof requestInit.body === "string") headers.set("Content-Type", "application/json");

    const ctx = executionContext ?? createExecutionContext();
    const res = await app.request(path, { ...requestInit, headers }, this.bindings, ctx);
    if (!executionContext) await waitOnExecutionContext(ctx);
    for (const cookie of res.headers.getSetCookie()) this.store(cookie);
    return res;
  }

  json(path: string, method: string, body: unknown, init: BrowserRequest = {}): Promise<Response> {
    return this.request(path, { ...init, method, body: JSON.stringify(body) });
  }

  async signInDemo(): Promise<void> {
    const res = await this.request("/api/auth/demo", { method: "POST" });
    expect(res.status, await res.clone().text()).toBe(200);
  }

  private store(setCookie: string): void {
    const [pair = "", ...attributes] = setCookie.split(";").map((part) => part.trim());
    const separator = pair.indexOf("=");
    const name = pair.slice(0, separator);
    const value = pair.slice(separator + 1);
    const deleted = attributes.some(
      (attribute) => /^max-age=0$/i.test(attribute) || (/^expires=/i.test(attribute) && Date.parse(attribute.slice(8)) < Date.now()),
    );
    if (deleted || value === "") this.cookies.delete(name);
    else this.cookies.set(name, value);
  }
}

export async function fakeControl(host: string, action: string, body: Record<string, unknown>): Promise<void> {
  const res = await fetch(`https://${host}/__control/${action}`, { method: "POST", body: JSON.stringify(body) });
  expect(res.status, await res.clone().text()).toBe(200);
}

/**
 * Moves the fake SP-API's clock of these sellers on with a test's virtual waits (virtualClock's
 * onSleep): their usage plans then count in the job's time, as Amazon's count in real time.
 * One grant per seller: two grants of one seller share its clock, and naming both moves it twice.
 */
export function spApiTimeOf(...refreshTokens: string[]): (ms: number) => Promise<void> {
  return async (ms) => {
    await Promise.all(refreshTokens.map((refreshToken) => fakeControl(SPAPI_FAKE, "clock", { refreshToken, advanceMs: ms })));
  };
}

/** The access tokens the fake LWA granted from these refresh tokens: which of the shared fakes' calls are a test's own. */
export async function accessTokensOf(...refreshTokens: string[]): Promise<Set<string | undefined>> {
  const grants = new Set(refreshTokens);
  return new Set((await fakeCalls(LWA_FAKE, {})).filter((call) => grants.has(call.refreshToken ?? "")).map((call) => call.accessToken));
}

export async function fakeCalls(host: string, query: Record<string, string>): Promise<SellerCallRecord[]> {
  const res = await fetch(`https://${host}/__control/calls?${new URLSearchParams(query)}`);
  return ((await res.json()) as { calls: SellerCallRecord[] }).calls;
}

export const LWA_FAKE = "lwa-fake.test";
export const SPAPI_FAKE = "spapi-fake.test";

/** Registers the env's LWA client with the fake LWA. */
export async function registerLwaClient(bindings: Bindings): Promise<void> {
  await fakeControl(LWA_FAKE, "clients", { clientId: bindings.LWA_CLIENT_ID, secret: bindings.LWA_CLIENT_SECRET });
}

export interface ConnectedSeller {
  browser: TestBrowser;
  sellingPartnerId: string;
  refreshToken: string;
  callback: Response;
}

let sellerSerial = 0;
/** A unique selling-partner id in Amazon's format. */
export function newSellingPartnerId(): string {
  sellerSerial += 1;
  return `A${sellerSerial}${crypto.randomUUID().replace(/-/g, "").slice(0, 12).toUpperCase()}`;
}

/**
 * Runs the website authorization workflow in a browser: GET /api/auth/url, Amazon's consent
 * (the fake LWA learns the code it will send), then the callback with the state from the URL.
 */
export async function connectSeller(
  browser: TestBrowser,
  options: { marketplace?: string; sellingPartnerId?: string; refreshToken?: string } = {},
): Promise<ConnectedSeller> {
  const sellingPartnerId = options.sellingPartnerId ?? newSellingPartnerId();
  const refreshToken = options.refreshToken ?? `Atzr|refresh-${crypto.randomUUID()}`;
  const urlRes = await browser.request(`/api/auth/url${options.marketplace ? `?marketplace=${options.marketplace}` : ""}`);
  const { authUrl } = await urlRes.json<{ authUrl: string }>();
  const callback = await consentAs(browser, authUrl, sellingPartnerId, refreshToken);
  return { browser, sellingPartnerId, refreshToken, callback };
}

/**
 * Amazon's consent to `authUrl` by the seller `sellingPartnerId`: the fake LWA learns the code
 * (and whose grant it is), then the callback in `browser` with the state from the URL.
 */
export async function consentAs(browser: TestBrowser, authUrl: string, sellingPartnerId: string, refreshToken = `Atzr|${crypto.randomUUID()}`): Promise<Response> {
  const consent = new URL(authUrl);
  const code = `ANcode${crypto.randomUUID().replace(/-/g, "")}`;
  await fakeControl(LWA_FAKE, "codes", { code, clientId: browser.bindings.LWA_CLIENT_ID, redirectUri: consent.searchParams.get("redirect_uri"), refreshToken, sellingPartnerId });
  return browser.request(
    `/api/auth/callback?${new URLSearchParams({
      state: consent.searchParams.get("state") ?? "",
      selling_partner_id: sellingPartnerId,
      mws_auth_token: "amzn.mws.example",
      spapi_oauth_code: code,
    })}`,
  );
}

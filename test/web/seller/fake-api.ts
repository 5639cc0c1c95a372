import {
  ANONYMOUS_STATUS,
  DEFAULT_SETTINGS,
  type SettingsResponse,
  type UserStatus,
} from "@contract/account";
import type { ChannelSettings } from "@contract/channels";
import { jsonResponse, mockFetch } from "../helpers";

/** A request the fake API received. */
export interface FakeRequest {
  url: URL;
  method: string;
  headers: Headers;
  /** The parsed JSON body, or undefined. */
  body: unknown;
}

type Handler = (request: FakeRequest) => Response | Promise<Response>;

/**
 * Replaces fetch with a fake of the signed-in API: `routes` maps "METHOD /path" to a handler;
 * anything else answers 404 like the Worker does. The XSRF cookie is set, as the Worker's
 * GET /api/auth/xsrf would, so apiFetch sends the header without fetching it first.
 */
export function fakeApi(routes: Record<string, Handler>) {
  document.cookie = "XSRF-TOKEN=test-xsrf";
  const received: FakeRequest[] = [];
  const fetchMock = mockFetch((rawUrl, init) => {
    const url = new URL(rawUrl, window.location.origin);
    const method = (init.method ?? "GET").toUpperCase();
    const request = { url, method, headers: new Headers(init.headers), body: parseBody(init.body) };
    received.push(request);
    const handler = routes[`${method} ${url.pathname}`];
    return handler ? handler(request) : jsonResponse({ detail: `No API route for ${method} ${url.pathname}` }, 404);
  });

  return {
    fetchMock,
    /** The requests to "METHOD /path", in order. */
    requests: (route: string) => received.filter(({ method, url }) => `${method} ${url.pathname}` === route),
  };
}

function parseBody(body: RequestInit["body"]): unknown {
  return typeof body === "string" ? JSON.parse(body) : undefined;
}

/** Answers with `body` as JSON (status 200), every time. */
export const json = (body: unknown, status = 200) => () => jsonResponse(body, status);

/** Answers 204 No Content. */
export const noContent = () => () => new Response(null, { status: 204 });

/** Never answers until the request is aborted, like a slow server. */
export function pending(): Handler {
  return () => new Promise<Response>(() => {});
}

/** A fetch that fails like a network error. */
export function offline(): Handler {
  return () => Promise.reject(new TypeError("Failed to fetch"));
}

/** Answers each call with the next response in turn (the last one repeats). */
export function sequence(...handlers: Handler[]): Handler {
  let call = 0;
  return (request) => handlers[Math.min(call++, handlers.length - 1)]!(request);
}

export const SIGNED_OUT: UserStatus = ANONYMOUS_STATUS;

export function demoUser(overrides: Partial<UserStatus> = {}): UserStatus {
  return { ...ANONYMOUS_STATUS, authenticated: true, demo: true, onboarded: true, ...overrides };
}

export function connectedUser(overrides: Partial<UserStatus> = {}): UserStatus {
  return {
    authenticated: true,
    connected: true,
    marketplace: "UK",
    brandName: "Acme Outdoors",
    demo: false,
    onboarded: true,
    ...overrides,
  };
}

export function settingsResponse(overrides: Partial<SettingsResponse> = {}): SettingsResponse {
  return {
    ...structuredClone(DEFAULT_SETTINGS),
    connection: {
      connected: true,
      demo: false,
      sellingPartnerId: "A1B2C3D4E5F6G7",
      region: "eu",
      grantedAt: "2026-01-15T10:30:00.000Z",
      renewalDueAt: "2027-01-15T10:30:00.000Z",
    },
    ...overrides,
  };
}

export function channelSettings(overrides: Partial<ChannelSettings> = {}): ChannelSettings {
  return {
    alertEmail: null,
    accountEmail: null,
    webhookUrl: null,
    webhookUrlUnreadable: false,
    webhookSecretSet: false,
    emailConfigured: true,
    deliveryProblems: [],
    reportProblems: [],
    alertEmailRefusal: null,
    ...overrides,
  };
}

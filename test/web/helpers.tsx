import { render } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useLayoutEffect } from "react";
import { MemoryRouter, useLocation, useNavigate, type Location, type NavigateFunction } from "react-router-dom";
import { vi } from "vitest";
import type { LookupResult } from "@contract/product";
import type { HistoryResponse } from "@contract/history";
import { ANONYMOUS_STATUS } from "@contract/account";
import { AppRoutes } from "../../web/src/app/routes";

/** The test's handle on the router: where the app is now, and a way to send it elsewhere. */
interface RouterProbe {
  location: Location;
  navigate: NavigateFunction;
}

/** The app shell asks who is signed in on every page. */
const SESSION_STATUS_URL = "/api/user/status";

/**
 * Renders the real route table at `path`, in memory, for a signed-out visitor: the shell's
 * session request is answered before it reaches the test's fetch mock, so a page's test
 * sees (and records) only the page's own requests.
 */
export function renderApp(path: string) {
  const pageFetch = globalThis.fetch;
  vi.stubGlobal("fetch", (input: RequestInfo | URL, init?: RequestInit) =>
    String(input) === SESSION_STATUS_URL ? Promise.resolve(jsonResponse(ANONYMOUS_STATUS)) : pageFetch(input, init),
  );
  return renderRoutes(path);
}

/** Renders the real route table at `path`, in memory, with every request (the session's too) going to the test's fetch. */
export function renderRoutes(path: string) {
  const router = {} as RouterProbe; // filled in by LocationProbe during render()
  const user = userEvent.setup();
  render(
    <MemoryRouter initialEntries={[path]}>
      <AppRoutes />
      <LocationProbe probe={router} />
    </MemoryRouter>,
  );
  return { router, user };
}

/** Copies the committed location (not one a lazy page is still loading for) into `probe`. */
function LocationProbe({ probe }: { probe: RouterProbe }) {
  const location = useLocation();
  const navigate = useNavigate();
  useLayoutEffect(() => {
    probe.location = location;
    probe.navigate = navigate;
  });
  return null;
}

export function jsonResponse(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });
}

export type FetchHandler = (url: string, init: RequestInit) => Response | Promise<Response>;

/** Replaces global fetch; the mock records each call's URL and init. */
export function mockFetch(handler: FetchHandler) {
  const fetchMock = vi.fn((input: RequestInfo | URL, init: RequestInit = {}) => Promise.resolve(handler(String(input), init)));
  vi.stubGlobal("fetch", fetchMock);
  return fetchMock;
}

/** A fetch that never answers until aborted, like a slow upstream. */
export function pendingUntilAborted(_url: string, init: RequestInit): Promise<Response> {
  return new Promise((_resolve, reject) => {
    init.signal?.addEventListener("abort", () => reject(new DOMException("Aborted", "AbortError")));
  });
}

export function lookupResult(overrides: Partial<LookupResult> = {}): LookupResult {
  return {
    asin: "B08N5WRWNW",
    marketplace: "US",
    source: "mock",
    title: "Echo Dot (4th Gen) Smart Speaker",
    image: "https://m.media-amazon.com/images/I/echo-dot.jpg",
    categoryPath: ["Electronics", "Smart Home", "Smart Speakers"],
    rank: 12345,
    price: { amount: 49.99, currency: "USD" },
    offers: 7,
    rating: 4.7,
    reviewCount: 987654,
    detailPageUrl: "https://www.amazon.com/dp/B08N5WRWNW",
    refreshedAt: "2026-11-22T04:05:33.000Z",
    ...overrides,
  };
}

/** GET /api/history's answer: `points` oldest first; velocity as the Worker would compute it is the caller's to give. */
export function historyResponse(overrides: Partial<HistoryResponse> = {}): HistoryResponse {
  return {
    asin: "B08N5WRWNW",
    marketplace: "US",
    range: "7d",
    days: 7,
    points: [],
    velocity: { rankChangePercent: null, slopePerDay: null, best: null, worst: null },
    ...overrides,
  };
}

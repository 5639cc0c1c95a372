import { ApiError } from "./api-error";

const XSRF_COOKIE = "XSRF-TOKEN";
const XSRF_HEADER = "X-XSRF-TOKEN";
/** Issues the XSRF-TOKEN cookie (bound to the session when signed in). */
export const XSRF_ENDPOINT = "/api/auth/xsrf";
const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);
/** Dispatched on window when a same-origin call with the session cookie answers 401: the session ended (state/session.tsx). */
export const SESSION_ENDED_EVENT = "ranklayer:session-ended";
/** Dispatched on window when a call answered 409 `workspace_changed`: this tab shows another workspace than the session's. */
export const WORKSPACE_CHANGED_EVENT = "ranklayer:workspace-changed";
/** The workspace this tab shows, on every same-origin session call (the server's SHOWN_WORKSPACE_HEADER). */
const SHOWN_WORKSPACE_HEADER = "X-Workspace-Id";
/** How long a call may wait for the server's answer (its headers, then each next part of its body) before it fails with TIMEOUT_MESSAGE. */
export const REQUEST_TIMEOUT_MS = 30_000;
export const TIMEOUT_MESSAGE = "The server took too long to answer. Check your connection and try again.";

/**
 * The workspace this tab shows (state/workspaces.tsx sets it once the list is read). The current
 * workspace is the session's, which every tab of the browser shares: with it, the server refuses
 * (409) what a tab left on one workspace would otherwise do in another a second tab switched to.
 */
let shownWorkspace: string | null = null;

export function showWorkspace(workspaceId: string | null): void {
  shownWorkspace = workspaceId;
}

/**
 * The fetch every API call goes through: asks for JSON, echoes the XSRF cookie back as a
 * header on same-origin requests (first fetching the cookie when a state-changing request
 * finds none), passes the caller's AbortSignal along (in `init`), resolves on any 2xx and
 * throws an ApiError otherwise: a 408 with TIMEOUT_MESSAGE when no answer came in time.
 */
export async function apiFetch(input: RequestInfo | URL, init: RequestInit = {}): Promise<Response> {
  const headers = new Headers(init.headers);
  if (!headers.has("Accept")) headers.set("Accept", "application/json");
  const sameOrigin = isSameOrigin(input);
  if (sameOrigin) {
    let xsrfToken = readCookie(XSRF_COOKIE);
    if (!xsrfToken && !SAFE_METHODS.has(requestMethod(input, init))) {
      await fetchXsrfCookie();
      xsrfToken = readCookie(XSRF_COOKIE);
    }
    if (xsrfToken) headers.set(XSRF_HEADER, xsrfToken);
    if (shownWorkspace && !headers.has("Authorization")) headers.set(SHOWN_WORKSPACE_HEADER, shownWorkspace);
  }

  const response = await fetchInTime(input, { ...init, headers });
  if (response.status === 401 && sameOrigin && !headers.has("Authorization")) window.dispatchEvent(new Event(SESSION_ENDED_EVENT));
  if (!response.ok) {
    const error = await ApiError.of(response);
    if (error.code === "workspace_changed" && headers.has(SHOWN_WORKSPACE_HEADER)) window.dispatchEvent(new Event(WORKSPACE_CHANGED_EVENT));
    throw error;
  }
  return response;
}

/**
 * fetch, aborted after REQUEST_TIMEOUT_MS without an answer: a request that never answers would
 * otherwise leave its screen loading for good. The same holds while its body is read: every
 * REQUEST_TIMEOUT_MS without a byte of it fails the read with the same 408, so a body that stalls
 * after its headers fails too, while a long download whose bytes keep coming goes on.
 */
async function fetchInTime(input: RequestInfo | URL, init: RequestInit): Promise<Response> {
  const controller = new AbortController();
  const watch = new Watch(controller);
  // The caller's abort passed on by hand: AbortSignal.any is missing before Safari 17.4.
  const callerSignal = init.signal;
  const passOn = () => controller.abort(callerSignal?.reason);
  if (callerSignal?.aborted) passOn();
  else callerSignal?.addEventListener("abort", passOn, { once: true });
  watch.start();
  let response: Response;
  try {
    response = await fetch(input, { ...init, signal: controller.signal });
  } catch (error) {
    throw watch.timedOut ? timeoutError() : error;
  } finally {
    watch.stop();
  }
  // The caller's abort stays passed on: it also stops the body's read after the headers.
  return response.body === null || NULL_BODY_STATUSES.has(response.status) ? response : watchBody(response, response.body, watch, controller.signal);
}

// Statuses whose Response may carry no body (the constructor refuses one).
const NULL_BODY_STATUSES = new Set([101, 204, 205, 304]);

function timeoutError(): ApiError {
  return new ApiError(408, TIMEOUT_MESSAGE);
}

/** The request's clock: REQUEST_TIMEOUT_MS from each start(), aborting the request (timedOut) when it runs out. */
class Watch {
  timedOut = false;
  private timer: ReturnType<typeof setTimeout> | undefined;

  constructor(private readonly controller: AbortController) {}

  start(): void {
    this.stop();
    this.timer = setTimeout(() => {
      this.timedOut = true;
      this.controller.abort();
    }, REQUEST_TIMEOUT_MS);
  }

  stop(): void {
    clearTimeout(this.timer);
  }
}

/**
 * The response with its body read through the watch: each wait for the next bytes has
 * REQUEST_TIMEOUT_MS, and a wait that runs out (or the caller's abort) fails the read at once.
 * A ReadableStream, not AbortSignal.any or newer stream APIs, so Safari 16.4 has it all.
 */
function watchBody(response: Response, body: ReadableStream<Uint8Array>, watch: Watch, signal: AbortSignal): Response {
  const reader = body.getReader();
  let output!: ReadableStreamDefaultController<Uint8Array>;
  // Why the read was stopped, once it was: the first reason only.
  let failure: { error: unknown } | undefined;
  const fail = (error: unknown) => {
    if (failure) return;
    failure = { error };
    watch.stop();
    signal.removeEventListener("abort", onAbort);
    output.error(error);
    reader.cancel(error).catch(() => undefined);
  };
  // The watch's own abort (its timeout) fails as a timeout, the caller's as the caller's reason.
  const onAbort = () => fail(watch.timedOut ? timeoutError() : (signal.reason ?? new DOMException("Aborted", "AbortError")));
  signal.addEventListener("abort", onAbort, { once: true });
  const stream = new ReadableStream<Uint8Array>({
    start(controller) {
      output = controller;
    },
    async pull(controller) {
      watch.start();
      try {
        const chunk = await reader.read();
        watch.stop();
        if (failure) return;
        if (chunk.done) {
          signal.removeEventListener("abort", onAbort);
          controller.close();
        } else {
          controller.enqueue(chunk.value);
        }
      } catch (error) {
        fail(watch.timedOut ? timeoutError() : error);
      }
    },
    cancel(reason) {
      watch.stop();
      signal.removeEventListener("abort", onAbort);
      return reader.cancel(reason);
    },
  });
  const watched = new Response(stream, { status: response.status, statusText: response.statusText, headers: response.headers });
  // Browsers (and test DOMs) may turn a body stream's error into their own when json() and the
  // like read it: theirs is replaced by the reason the read was stopped, so a timeout is the 408.
  for (const method of ["arrayBuffer", "blob", "formData", "json", "text"] as const) {
    const read = watched[method].bind(watched) as () => Promise<unknown>;
    Object.defineProperty(watched, method, { value: () => read().catch((error: unknown) => Promise.reject(failure ? failure.error : error)) });
  }
  return watched;
}

function requestMethod(input: RequestInfo | URL, init: RequestInit): string {
  return (init.method ?? (input instanceof Request ? input.method : "GET")).toUpperCase();
}

// Concurrent unsafe requests share one cookie fetch.
let xsrfCookieRequest: Promise<void> | null = null;

function fetchXsrfCookie(): Promise<void> {
  xsrfCookieRequest ??= fetch(XSRF_ENDPOINT, { credentials: "same-origin", signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) })
    .then(() => undefined)
    // No cookie: the request goes without one and the server's 403 says why.
    .catch(() => undefined)
    .finally(() => {
      xsrfCookieRequest = null;
    });
  return xsrfCookieRequest;
}

function readCookie(name: string): string | null {
  for (const pair of document.cookie.split(";")) {
    const [key, ...value] = pair.trim().split("=");
    if (key === name) return decodeURIComponent(value.join("="));
  }
  return null;
}

/** The token must never leave our origin, whatever URL a caller passes. */
function isSameOrigin(input: RequestInfo | URL): boolean {
  const url = input instanceof Request ? input.url : String(input);
  return new URL(url, window.location.href).origin === window.location.origin;
}

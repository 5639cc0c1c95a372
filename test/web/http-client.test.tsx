import { afterEach, describe, expect, it, vi } from "vitest";
import { ApiError } from "../../web/src/api/api-error";
import { apiFetch, REQUEST_TIMEOUT_MS } from "../../web/src/api/http";
import { fetchLookup } from "../../web/src/api/lookup";
import { jsonResponse, lookupResult, mockFetch, pendingUntilAborted } from "./helpers";

const lookup = () => fetchLookup("B08N5WRWNW", "US", new AbortController().signal);

function sentHeaders(fetchMock: ReturnType<typeof mockFetch>): Headers {
  return new Headers(fetchMock.mock.calls[0]?.[1]?.headers);
}

describe("API client", () => {
  it("asks for JSON and returns the parsed body of a 2xx response", async () => {
    const fetchMock = mockFetch(() => jsonResponse(lookupResult()));

    await expect(lookup()).resolves.toEqual(lookupResult());
    expect(sentHeaders(fetchMock).get("Accept")).toBe("application/json");
  });

  it("sends the XSRF-TOKEN cookie back as the X-XSRF-TOKEN header", async () => {
    document.cookie = "XSRF-TOKEN=token%2Fwith%3Dchars";
    const fetchMock = mockFetch(() => jsonResponse(lookupResult()));

    await lookup();

    expect(sentHeaders(fetchMock).get("X-XSRF-TOKEN")).toBe("token/with=chars");
  });

  it("sends no X-XSRF-TOKEN header without the cookie", async () => {
    const fetchMock = mockFetch(() => jsonResponse(lookupResult()));

    await lookup();

    expect(sentHeaders(fetchMock).has("X-XSRF-TOKEN")).toBe(false);
  });

  it("never sends the XSRF token to another origin", async () => {
    document.cookie = "XSRF-TOKEN=secret";
    const fetchMock = mockFetch(() => jsonResponse({}));

    await apiFetch("https://elsewhere.example/api");

    expect(sentHeaders(fetchMock).has("X-XSRF-TOKEN")).toBe(false);
  });

  it("counts any 2xx as success", async () => {
    mockFetch(() => new Response(null, { status: 204 }));
    await expect(apiFetch("/api/anything")).resolves.toMatchObject({ status: 204 });
  });

  it("throws an ApiError with the status and parsed detail on a non-2xx response", async () => {
    const detail = [{ loc: ["query", "asin"], msg: "ASIN must be 10 letters or digits", type: "invalid_format" }];
    mockFetch(() => jsonResponse({ detail }, 422));

    const error = await lookup().catch((caught: unknown) => caught);

    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 422, detail, message: "ASIN must be 10 letters or digits" });
  });

  it("passes the caller's AbortSignal on to fetch: aborting it aborts the request", async () => {
    const fetchMock = mockFetch(() => jsonResponse(lookupResult()));
    const controller = new AbortController();

    await fetchLookup("B08N5WRWNW", "US", controller.signal);
    controller.abort();

    expect(fetchMock.mock.calls[0]?.[1]?.signal?.aborted).toBe(true);
  });

  it("passes the caller's abort on where AbortSignal.any is missing (before Safari 17.4)", async () => {
    // jsdom's AbortSignal inherits Node's `any`: shadowed by an own property, deleted after.
    Object.defineProperty(AbortSignal, "any", { value: undefined, configurable: true });
    try {
      const fetchMock = mockFetch(pendingUntilAborted);
      const controller = new AbortController();
      const settled = fetchLookup("B08N5WRWNW", "US", controller.signal).catch((caught: unknown) => caught);
      await vi.waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
      controller.abort();
      expect(await settled).toMatchObject({ name: "AbortError" });
      expect(fetchMock.mock.calls[0]?.[1]?.signal?.aborted).toBe(true);
    } finally {
      Reflect.deleteProperty(AbortSignal, "any");
    }
  });

  describe("XSRF cookie for state-changing requests", () => {
    it("fetches the cookie from /api/auth/xsrf first when it is missing, then echoes it", async () => {
      const fetchMock = mockFetch((url) => {
        if (url === "/api/auth/xsrf") {
          document.cookie = "XSRF-TOKEN=issued";
          return new Response(null, { status: 204 });
        }
        return jsonResponse({});
      });

      await apiFetch("/api/onboarding", { method: "POST", body: "{}" });

      expect(fetchMock.mock.calls.map(([url]) => String(url))).toEqual(["/api/auth/xsrf", "/api/onboarding"]);
      expect(new Headers(fetchMock.mock.calls[1]?.[1]?.headers).get("X-XSRF-TOKEN")).toBe("issued");
    });

    it("uses the existing cookie without asking for a new one", async () => {
      document.cookie = "XSRF-TOKEN=present";
      const fetchMock = mockFetch(() => jsonResponse({}));

      await apiFetch("/api/settings", { method: "PUT", body: "{}" });

      expect(fetchMock).toHaveBeenCalledTimes(1);
      expect(sentHeaders(fetchMock).get("X-XSRF-TOKEN")).toBe("present");
    });

    it("does not fetch the cookie for a safe request", async () => {
      const fetchMock = mockFetch(() => jsonResponse({}));

      await apiFetch("/api/user/status");

      expect(fetchMock).toHaveBeenCalledTimes(1);
    });

    it("shares one cookie fetch between concurrent requests", async () => {
      const fetchMock = mockFetch((url) => {
        if (url === "/api/auth/xsrf") document.cookie = "XSRF-TOKEN=shared";
        return new Response(null, { status: 204 });
      });

      await Promise.all([apiFetch("/api/a", { method: "POST" }), apiFetch("/api/b", { method: "DELETE" })]);

      expect(fetchMock.mock.calls.filter(([url]) => String(url) === "/api/auth/xsrf")).toHaveLength(1);
    });

    it("never asks another origin's request to fetch our cookie", async () => {
      const fetchMock = mockFetch(() => jsonResponse({}));

      await apiFetch("https://elsewhere.example/api", { method: "POST" });

      expect(fetchMock).toHaveBeenCalledTimes(1);
      expect(sentHeaders(fetchMock).has("X-XSRF-TOKEN")).toBe(false);
    });
  });

  describe("a request that never answers", () => {
    afterEach(() => vi.useRealTimers());

    /** A lookup left a full REQUEST_TIMEOUT_MS on the fake clock: what it failed with. */
    async function lookupFailureAfterTimeout(): Promise<unknown> {
      const settled = lookup().catch((caught: unknown) => caught);
      await vi.advanceTimersByTimeAsync(REQUEST_TIMEOUT_MS);
      return settled;
    }

    it("fails after the timeout with a 408 saying so, instead of waiting for good", async () => {
      vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
      mockFetch(pendingUntilAborted);

      const error = await lookupFailureAfterTimeout();
      expect(error).toBeInstanceOf(ApiError);
      expect(error).toMatchObject({ status: 408, message: "The server took too long to answer. Check your connection and try again." });
    });

    it("fails the same way when the answer's body stalls after its headers", async () => {
      vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
      // The headers and the body's first bytes arrive, then nothing more, and the stream never ends.
      mockFetch(() => new Response(stalledBody('{"asin":"B08N5'), { status: 200, headers: { "Content-Type": "application/json" } }));

      const error = await lookupFailureAfterTimeout();
      expect(error).toBeInstanceOf(ApiError);
      expect(error).toMatchObject({ status: 408, message: "The server took too long to answer. Check your connection and try again." });
    });

    it("lets a long download go on while its bytes keep coming", async () => {
      vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
      const chunks = ["a".repeat(10), "b".repeat(10), "c".repeat(10), "d".repeat(10)];
      mockFetch(() => new Response(slowBody(chunks, REQUEST_TIMEOUT_MS - 5_000), { status: 200 }));

      const settled = apiFetch("/api/exports/watchlist").then((response) => response.text());
      // Four chunks 25 s apart: 100 s in all, never 30 s without a byte.
      await vi.advanceTimersByTimeAsync(4 * REQUEST_TIMEOUT_MS);

      expect(await settled).toBe(chunks.join(""));
    });

    it("stops reading the body when the caller aborts after the headers", async () => {
      mockFetch(() => new Response(stalledBody("{"), { status: 200 }));
      const controller = new AbortController();

      const response = await apiFetch("/api/anything", { signal: controller.signal });
      const reading = response.text().catch((caught: unknown) => caught);
      controller.abort();

      expect(await reading).toMatchObject({ name: "AbortError" });
    });

    it("still fails as the caller's own abort when the caller aborts first", async () => {
      mockFetch(pendingUntilAborted);
      const controller = new AbortController();

      const settled = fetchLookup("B08N5WRWNW", "US", controller.signal).catch((caught: unknown) => caught);
      controller.abort();

      expect(await settled).toMatchObject({ name: "AbortError" });
    });
  });
});

/** A body that sends `first` and then nothing, never ending. */
function stalledBody(first: string): ReadableStream<Uint8Array> {
  return new ReadableStream({
    start(controller) {
      controller.enqueue(new TextEncoder().encode(first));
    },
  });
}

/** A body that sends each chunk `gapMs` after the one before, then ends. */
function slowBody(chunks: string[], gapMs: number): ReadableStream<Uint8Array> {
  let sent = 0;
  return new ReadableStream({
    pull(controller) {
      return new Promise<void>((resolve) => {
        setTimeout(() => {
          if (sent === chunks.length) controller.close();
          else controller.enqueue(new TextEncoder().encode(chunks[sent++]));
          resolve();
        }, sent === chunks.length ? 0 : gapMs);
      });
    },
  });
}

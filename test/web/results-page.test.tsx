import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { historyResponse, jsonResponse, lookupResult, mockFetch, pendingUntilAborted, renderApp, renderRoutes, type FetchHandler } from "./helpers";
import { connectedUser, fakeApi, json } from "./seller/fake-api";

const RESULTS = "/results?asin=B08N5WRWNW&marketplace=US";

/**
 * Lookups go to `lookup`; the rank-history request under a result gets an empty history
 * (test/web/results-history.test.tsx covers it). `lookups()` are the lookup calls alone.
 */
function mockLookup(lookup: FetchHandler) {
  const fetchMock = mockFetch((url, init) => (url.startsWith("/api/history?") ? jsonResponse(historyResponse()) : lookup(url, init)));
  return { lookups: () => fetchMock.mock.calls.filter(([url]) => String(url).startsWith("/api/v1/lookup?")) };
}

async function showResult(overrides: Parameters<typeof lookupResult>[0] = {}) {
  mockLookup(() => jsonResponse(lookupResult(overrides)));
  const app = renderApp(RESULTS);
  await screen.findByRole("heading", { name: "Product Details" });
  return app;
}

function tileValue(label: string): string | null {
  const term = screen.getByText(label, { selector: "dt" });
  return term.nextElementSibling?.textContent ?? null;
}

describe("/results", () => {
  it("redirects to / when there is no asin", async () => {
    const fetchMock = mockFetch(() => jsonResponse(lookupResult()));
    const { router } = renderApp("/results?marketplace=US");

    await waitFor(() => expect(router.location.pathname).toBe("/"));
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("shows a loading skeleton while the lookup runs", async () => {
    mockFetch(pendingUntilAborted);
    renderApp(RESULTS);

    expect((await screen.findByRole("status")).textContent).toContain("Loading product data...");
  });

  it("asks the lookup API for the asin and marketplace, as given", async () => {
    const { lookups } = mockLookup(() => jsonResponse(lookupResult()));
    renderApp("/results?asin=b08n5wrwn");

    await screen.findByRole("heading", { name: "Product Details" });
    expect(lookups()).toHaveLength(1);
    expect(lookups()[0]?.[0]).toBe("/api/v1/lookup?asin=b08n5wrwn&marketplace=US");
  });

  it("looks a link whose asin is an Amazon product URL up in that URL's marketplace when the link names none", async () => {
    const { lookups } = mockLookup(() => jsonResponse(lookupResult({ marketplace: "DE" })));
    renderApp(`/results?asin=${encodeURIComponent("https://www.amazon.de/dp/B08N5WRWNW")}`);

    await screen.findByRole("heading", { name: "Product Details" });
    expect(new URL(String(lookups()[0]?.[0]), "http://localhost").searchParams.get("marketplace")).toBe("DE");
  });

  describe("error card", () => {
    it.each([
      ["a string detail as is", 404, { detail: "No product found for ASIN B000000000 in US" }, "No product found for ASIN B000000000 in US"],
      [
        "each msg of a list detail, joined with commas",
        422,
        {
          detail: [
            { loc: ["query", "asin"], msg: "ASIN must be 10 letters or digits", type: "invalid_format" },
            { loc: ["query", "marketplace"], msg: "Marketplace must be one of US", type: "invalid_value" },
          ],
        },
        "ASIN must be 10 letters or digits, Marketplace must be one of US",
      ],
      ["message fields of a list detail", 503, { detail: [{ message: "Upstream busy" }] }, "Upstream busy"],
      ["a fallback for an unknown body", 500, { error: "boom" }, "Something went wrong - try again or contact support."],
    ])("shows %s", async (_case, status, body, shown) => {
      mockFetch(() => jsonResponse(body, status));
      renderApp(RESULTS);

      const card = await screen.findByRole("alert");
      expect(within(card).getByText(shown)).toBeTruthy();
      expect(within(card).getByRole("link", { name: "Search another ASIN" }).getAttribute("href")).toBe("/");
    });

    it.each([
      ["an ASIN the API refuses (400)", 400, { detail: [{ loc: ["query", "asin"], msg: "ASIN must be 10 letters or digits", type: "invalid_format" }] }],
      ["a product Amazon does not know (404)", 404, { detail: "No product B08N5WRWNW in the US store.", code: "not_found" }],
    ])("for %s, offers another ASIN but no Try again, which would get the same answer", async (_case, status, body) => {
      mockFetch(() => jsonResponse(body, status));
      renderApp(RESULTS);

      const card = await screen.findByRole("alert");
      expect(within(card).queryByRole("button", { name: "Try again" })).toBeNull();
      expect(within(card).getByRole("link", { name: "Search another ASIN" }).getAttribute("href")).toBe("/");
    });

    it("offers Try again for the same ASIN after a fault, which looks it up once more", async () => {
      let calls = 0;
      const { lookups } = mockLookup(() =>
        calls++ === 0 ? jsonResponse({ detail: "Amazon is not answering; try again in 30 seconds.", code: "upstream_unavailable" }, 503) : jsonResponse(lookupResult()),
      );
      const { user } = renderApp(RESULTS);

      const card = await screen.findByRole("alert");
      await user.click(within(card).getByRole("button", { name: "Try again" }));

      expect(await screen.findByRole("heading", { name: "Product Details" })).toBeTruthy();
      expect(lookups().map(([url]) => String(url))).toEqual([expect.stringContaining("asin=B08N5WRWNW"), expect.stringContaining("asin=B08N5WRWNW")]);
    });

    it("says the server took too long, with Try again, when the lookup never answers", async () => {
      vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"], shouldAdvanceTime: true });
      try {
        mockLookup(pendingUntilAborted);
        renderApp(RESULTS);
        await screen.findByText("Loading product data...");

        await vi.advanceTimersByTimeAsync(30_000);

        const card = await screen.findByRole("alert");
        expect(card.textContent).toContain("The server took too long to answer. Check your connection and try again.");
        expect(within(card).getByRole("button", { name: "Try again" })).toBeTruthy();
      } finally {
        vi.useRealTimers();
      }
    });

    const MONTH_LIMIT = "Monthly lookup limit reached: 100 lookups per calendar month (UTC). It resets at 2026-12-01 00:00 UTC.";

    it.each([
      ["the monthly lookup limit (429)", 429, MONTH_LIMIT],
      ["a refusal of the plan (403)", 403, "The Free plan does not allow this."],
    ])("for %s, offers Pro's pricing and signing in, as the compare page does, not another ASIN", async (_case, status, detail) => {
      mockFetch(() => jsonResponse({ detail, code: status === 429 ? "rate_limited" : "plan_limit" }, status));
      renderApp(RESULTS);

      const card = await screen.findByRole("alert");
      expect(within(card).getByText(detail)).toBeTruthy();
      expect(within(card).getByRole("link", { name: "See Pro pricing" }).getAttribute("href")).toBe("/pricing");
      const signIn = await within(card).findByRole("link", { name: "Sign in" });
      expect(signIn.getAttribute("href")).toBe(`/signin?next=${encodeURIComponent(RESULTS)}`);
      expect(within(card).queryByRole("link", { name: "Search another ASIN" })).toBeNull();
    });

    it("for the per-minute limit (a 429 that resets within the minute), offers no pricing: waiting lifts it", async () => {
      const detail = "Too many lookups: at most 30 a minute. Try again in 42 seconds.";
      mockFetch(() => new Response(JSON.stringify({ detail, code: "rate_limited" }), { status: 429, headers: { "Content-Type": "application/json", "Retry-After": "42" } }));
      renderApp(RESULTS);

      const card = await screen.findByRole("alert");
      expect(within(card).getByText(detail)).toBeTruthy();
      expect(within(card).queryByRole("link", { name: "See Pro pricing" })).toBeNull();
      expect(within(card).getByRole("link", { name: "Search another ASIN" })).toBeTruthy();
    });

    it("signed in, the limit card offers Pro's pricing without a Sign in", async () => {
      fakeApi({
        "GET /api/user/status": json(connectedUser({ connected: false })),
        "GET /api/v1/lookup": json({ detail: `${MONTH_LIMIT} Upgrade to Pro at /billing to lift it.`, code: "rate_limited" }, 429),
      });
      renderRoutes(RESULTS);

      const card = await screen.findByRole("alert");
      expect(within(card).getByRole("link", { name: "See Pro pricing" })).toBeTruthy();
      await waitFor(() => expect(document.querySelector(".header-signin")).toBeNull());
      expect(within(card).queryByRole("link", { name: "Sign in" })).toBeNull();
    });

    it("shows the fallback when the body is not JSON", async () => {
      mockFetch(() => new Response("<html>Bad gateway</html>", { status: 502 }));
      renderApp(RESULTS);
      expect((await screen.findByRole("alert")).textContent).toContain(
        "Something went wrong - try again or contact support.",
      );
    });

    it("shows the fallback when the network fails", async () => {
      mockFetch(() => Promise.reject(new TypeError("Failed to fetch")));
      renderApp(RESULTS);
      expect((await screen.findByRole("alert")).textContent).toContain(
        "Something went wrong - try again or contact support.",
      );
    });
  });

  describe("result", () => {
    it("shows every field of the product", async () => {
      await showResult();

      expect(screen.getByRole("link", { name: "← Back to search" }).getAttribute("href")).toBe("/");
      expect(screen.getByText("Mock Data", { selector: ".badge" })).toBeTruthy();
      expect(screen.getByRole("img", { name: "Echo Dot (4th Gen) Smart Speaker" }).getAttribute("src")).toBe(
        "https://m.media-amazon.com/images/I/echo-dot.jpg",
      );
      expect(screen.getByRole("heading", { level: 2, name: "Echo Dot (4th Gen) Smart Speaker" })).toBeTruthy();
      expect(screen.getByText("Electronics › Smart Home › Smart Speakers")).toBeTruthy();
      expect(screen.getByText("#12,345")).toBeTruthy();
      expect(tileValue("Price")).toBe("$49.99");
      expect(tileValue("Offers")).toBe("7");
      expect(tileValue("Rating")).toBe("4.7 / 5");
      expect(tileValue("Reviews")).toBe("987,654");
      expect(screen.getByText("2026-11-22 04:05 UTC").getAttribute("datetime")).toBe("2026-11-22T04:05:33.000Z");
      expect(screen.getByText(/Last refreshed/).textContent).toBe("Last refreshed: 2026-11-22 04:05 UTC");

      const amazonLink = screen.getByRole("link", { name: /View on Amazon/ });
      expect(amazonLink.getAttribute("href")).toBe("https://www.amazon.com/dp/B08N5WRWNW");
      expect(amazonLink.getAttribute("target")).toBe("_blank");
      expect(amazonLink.getAttribute("rel")).toBe("noopener noreferrer");
      expect(screen.getByRole("link", { name: "New Search" }).getAttribute("href")).toBe("/");
    });

    it("shows two decimals for a whole USD price", async () => {
      await showResult({ price: { amount: 20, currency: "USD" } });
      expect(tileValue("Price")).toBe("$20.00");
    });

    it.each([
      ["EUR", 19.5, "€19.50"],
      ["GBP", 8, "£8.00"],
      ["CAD", 5, "CA$5.00"],
      ["JPY", 1500, "¥1,500"],
    ])("shows a %s price with its own symbol", async (currency, amount, shown) => {
      await showResult({ price: { amount, currency } });
      expect(tileValue("Price")).toBe(shown);
    });

    it("shows a placeholder when there is no image", async () => {
      await showResult({ image: null });
      expect(screen.queryByRole("img")).toBeNull();
      expect(screen.getByText("No image available")).toBeTruthy();
    });

    it("names the product by ASIN when there is no title", async () => {
      await showResult({ title: null });
      expect(screen.getByRole("heading", { level: 2, name: "Product B08N5WRWNW" })).toBeTruthy();
    });

    it("says so when there is no rank", async () => {
      await showResult({ rank: null });
      expect(screen.getByText("No rank available")).toBeTruthy();
    });

    it("shows — for missing price, offers, rating and reviews", async () => {
      await showResult({ price: null, offers: null, rating: null, reviewCount: null });
      for (const label of ["Price", "Offers", "Rating", "Reviews"]) expect(tileValue(label)).toBe("—");
    });

    it.each([
      ["cache", "Cached"],
      ["live", "Live"],
      ["mock", "Mock Data"],
      ["something-new", "Mock Data"],
    ])("labels source %s as %s", async (source, label) => {
      await showResult({ source: source as "cache" });
      expect(screen.getByText(label, { selector: ".product__head .badge" })).toBeTruthy();
    });

    it("offers View on Amazon only with a detail page URL", async () => {
      await showResult({ detailPageUrl: null });
      expect(screen.queryByRole("link", { name: /View on Amazon/ })).toBeNull();
      expect(screen.getByRole("link", { name: "New Search" })).toBeTruthy();
    });

    it("never links to a non-web detail page URL", async () => {
      await showResult({ detailPageUrl: "javascript:alert(1)" });
      expect(screen.queryByRole("link", { name: /View on Amazon/ })).toBeNull();
    });
  });

  it("re-fetches when the asin changes, aborting the previous request", async () => {
    const { lookups } = mockLookup((url, init) =>
      url.includes("asin=FIRST00000") ? pendingUntilAborted(url, init) : jsonResponse(lookupResult({ asin: "SECOND0000", title: "Second product" })),
    );
    const { router } = renderApp("/results?asin=FIRST00000&marketplace=US");
    await screen.findByText("Loading product data...");

    await router.navigate("/results?asin=SECOND0000&marketplace=US");

    expect(await screen.findByRole("heading", { name: "Second product" })).toBeTruthy();
    expect(lookups()).toHaveLength(2);
    expect(lookups()[0]?.[1]?.signal?.aborted).toBe(true);
    expect(lookups()[1]?.[1]?.signal?.aborted).toBe(false);
  });

  it("re-fetches when the marketplace changes", async () => {
    const { lookups } = mockLookup(() => jsonResponse(lookupResult()));
    const { router } = renderApp(RESULTS);
    await screen.findByRole("heading", { name: "Product Details" });

    await router.navigate("/results?asin=B08N5WRWNW&marketplace=UK");

    await waitFor(() => expect(lookups()).toHaveLength(2));
    expect(lookups()[1]?.[0]).toBe("/api/v1/lookup?asin=B08N5WRWNW&marketplace=UK");
  });

  describe("footer data-source badge", () => {
    it("is absent until a lookup succeeds", async () => {
      mockFetch(pendingUntilAborted);
      renderApp(RESULTS);
      await screen.findByText("Loading product data...");

      expect(within(screen.getByRole("contentinfo")).queryByText(/Data source/)).toBeNull();
    });

    it.each([
      ["cache", "Cache"],
      ["live", "Live"],
      ["mock", "Mock"],
    ] as const)("shows %s data as %s after a result", async (source, label) => {
      await showResult({ source });
      expect(within(screen.getByRole("contentinfo")).getByText(/Data source/).textContent).toBe(`Data source: ${label}`);
    });

    it("goes with the result: another page (the dashboard's mock rows, a compare) never carries the lookup's 'Live'", async () => {
      const { router } = await showResult({ source: "live" });
      expect(within(screen.getByRole("contentinfo")).getByText(/Data source/).textContent).toBe("Data source: Live");
      await router.navigate("/privacy");
      await waitFor(() => expect(within(screen.getByRole("contentinfo")).queryByText(/Data source/)).toBeNull());
    });
  });

  describe("analytics", () => {
    it("sends result_viewed on success when gtag exists", async () => {
      const gtag = vi.fn();
      window.gtag = gtag;
      await showResult({ source: "cache" });

      expect(gtag).toHaveBeenCalledExactlyOnceWith("event", "result_viewed", {
        asin: "B08N5WRWNW",
        marketplace: "US",
        source: "cache",
      });
    });

    it("sends api_error on failure when gtag exists", async () => {
      const gtag = vi.fn();
      window.gtag = gtag;
      mockFetch(() => jsonResponse({ detail: "Too many lookups" }, 429));
      renderApp(RESULTS);
      await screen.findByRole("alert");

      expect(gtag).toHaveBeenCalledExactlyOnceWith("event", "api_error", {
        endpoint: "/api/v1/lookup",
        status: 429,
        asin: "B08N5WRWNW",
        marketplace: "US",
      });
    });

    it("does nothing when there is no gtag", async () => {
      expect(window.gtag).toBeUndefined();
      await showResult();
      expect(screen.getByRole("heading", { name: "Product Details" })).toBeTruthy();
    });
  });
});

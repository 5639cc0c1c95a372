import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import type { ComparePlan, CompareResponse } from "@contract/compare";
import { jsonResponse, lookupResult, mockFetch, renderApp, renderRoutes } from "../../helpers";
import { connectedUser } from "../../seller/fake-api";

const FREE: ComparePlan = { plan: "free", planName: "Free", compareLimit: 5, marketplaces: ["US"], historyDays: 7, exportsPerDay: 5 };
const ASINS = ["B000000001", "B000000002", "B000000003"];

function fakeCompareApi(plan: ComparePlan = FREE) {
  return mockFetch((url) => {
    const { pathname, searchParams } = new URL(url, "http://localhost");
    if (pathname === "/api/v1/compare/plan") return jsonResponse(plan);
    if (pathname === "/api/v1/compare") {
      if (searchParams.get("marketplace") === "JP") return jsonResponse({ detail: "Your Free plan covers US. Upgrade to Pro to compare in JP.", code: "plan_limit" }, 403);
      const body: CompareResponse = {
        marketplace: "US",
        items: searchParams.get("asins")!.split(",").map((asin, i) =>
          asin === "B000000003"
            ? { asin, ok: false, error: "not_found", detail: `No product found for ASIN ${asin} in the US marketplace` }
            : { asin, ok: true, product: lookupResult({ asin, rank: 100 * (i + 1) }) },
        ),
        exportReceipt: `receipt-of-${searchParams.get("asins")}`,
      };
      return jsonResponse(body);
    }
    if (pathname === "/api/exports/compare") return new Response("\uFEFFASIN\r\n", { headers: { "Content-Type": "text/csv", "Content-Disposition": 'attachment; filename="ranklayer-compare-US-2026-11-28.csv"' } });
    return jsonResponse({ detail: "no route" }, 404);
  });
}

const compareCalls = (fetchMock: ReturnType<typeof mockFetch>) =>
  fetchMock.mock.calls.filter(([url]) => String(url).startsWith("/api/v1/compare?"));

describe("/compare tool", () => {
  it("reproduces a shared compare, with per-ASIN errors, and removes a column without a new call", async () => {
    const fetchMock = fakeCompareApi();
    const { router, user } = renderApp(`/compare?asins=${ASINS.join(",")}&marketplace=US`);
    const table = await screen.findByRole("table");
    expect(within(table).getAllByRole("columnheader").map((th) => th.textContent)).toEqual(["ASIN", ...ASINS]);
    expect(within(table).getByText(/No product found for ASIN B000000003/)).toBeTruthy();
    expect(within(table).getAllByText("Best rank")).toHaveLength(1);
    expect(screen.getByLabelText<HTMLTextAreaElement>(/ASINs or Amazon product links/).value).toBe(ASINS.join("\n"));

    await user.click(screen.getByRole("button", { name: "Remove B000000001" }));
    await waitFor(() => expect(router.location.search).toBe("?asins=B000000002%2CB000000003&marketplace=US"));
    expect(within(screen.getByRole("table")).getAllByRole("columnheader")).toHaveLength(3);
    expect(compareCalls(fetchMock)).toHaveLength(1);
  });

  it("says what a shared link held that it could not read, and the marketplace used instead, rather than changing it silently", async () => {
    const fetchMock = fakeCompareApi();
    const { router, user } = renderApp("/compare?asins=B000000001,nope&marketplace=BR");
    await screen.findByRole("table");
    expect(screen.getByText(/Left out of this link: nope \(not ASINs or Amazon product links\)\./).textContent).toContain(
      'This link\'s marketplace "BR" is not one RankLayer covers (US, CA, MX, UK, DE, FR, IT, ES, JP): showing US.',
    );
    expect(new URL(String(compareCalls(fetchMock)[0]![0]), "http://localhost").searchParams.get("marketplace")).toBe("US");
    // Comparing again writes a clean link: nothing left to say.
    await user.click(screen.getByRole("button", { name: "Compare" }));
    await waitFor(() => expect(router.location.search).toBe("?asins=B000000001&marketplace=US"));
    expect(screen.queryByText(/Left out of this link/)).toBeNull();
  });

  it("signed in, a plan that could not be read is not taken for Free: 8 ASINs go to the server, which names the limit", async () => {
    const eight = Array.from({ length: 8 }, (_, i) => `B00000000${i + 1}`);
    const fetchMock = mockFetch((url) => {
      const { pathname } = new URL(url, "http://localhost");
      if (pathname === "/api/user/status") return jsonResponse(connectedUser());
      if (pathname === "/api/v1/compare/plan") return Promise.reject(new TypeError("Failed to fetch"));
      if (pathname === "/api/v1/compare") return jsonResponse({ marketplace: "US", items: eight.map((asin) => ({ asin, ok: true, product: lookupResult({ asin }) })) });
      return jsonResponse({ detail: "no route" }, 404);
    });
    const { user } = renderRoutes("/compare");
    const field = await screen.findByLabelText("ASINs or Amazon product links (up to 10)");
    await user.click(field);
    await user.paste(eight.join(" "));

    expect(screen.queryByText(/Your Free plan/)).toBeNull();
    await user.click(screen.getByRole("button", { name: "Compare" }));
    await screen.findByRole("table");
    expect(compareCalls(fetchMock)).toHaveLength(1);
    expect(screen.queryByText(/comes with Pro/)).toBeNull();
  });

  it("names what is not an ASIN and the Free limit before any call", async () => {
    const fetchMock = fakeCompareApi();
    const { user } = renderApp("/compare");
    const field = await screen.findByLabelText(/ASINs or Amazon product links \(up to 5 on Free\)/);
    await user.click(field);
    await user.paste("B000000001 b000000002, nope\nhttps://www.amazon.com/dp/B000000003 B000000004 B000000005 B000000006 B000000001");
    expect(screen.getByText("6 ASINs to compare (1 repeat removed).")).toBeTruthy();
    expect(screen.getByText("Not ASINs or Amazon product links: nope")).toBeTruthy();
    expect(screen.getByRole("alert").textContent).toContain("Your Free plan compares up to 5 ASINs at once; remove 1.");
    expect(screen.getByRole("link", { name: "Upgrade to Pro to compare up to 10" }).getAttribute("href")).toBe("/pricing");
    await user.click(screen.getByRole("button", { name: "Compare" }));
    expect(compareCalls(fetchMock)).toHaveLength(0);
  });

  it("exports the products in the order the table shows them (sorted by rank, the file is too), with the compare's receipt", async () => {
    vi.stubGlobal("URL", Object.assign(URL, { createObjectURL: vi.fn(() => "blob:export"), revokeObjectURL: vi.fn() }));
    const click = vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(() => {});
    const fetchMock = fakeCompareApi();
    const { user } = renderApp(`/compare?asins=${ASINS.join(",")}&marketplace=US`);
    await screen.findByRole("table");
    await user.click(screen.getByRole("button", { name: "Rank" }));
    await user.click(screen.getByRole("button", { name: /^Rank/ }));
    expect(within(screen.getByRole("table")).getAllByRole("columnheader").map((th) => th.textContent)).toEqual(["ASIN", "B000000002", "B000000001", "B000000003"]);
    await user.click(screen.getByRole("button", { name: "Export compare as CSV" }));
    await waitFor(() => expect(click).toHaveBeenCalled());
    const exportCall = fetchMock.mock.calls.find(([url]) => String(url).startsWith("/api/exports/compare?"));
    const query = new URL(String(exportCall![0]), "http://localhost").searchParams;
    expect(query.get("asins")).toBe("B000000002,B000000001,B000000003");
    // The lookups the compare paid for are not taken again for its file.
    expect(query.get("receipt")).toBe(`receipt-of-${ASINS.join(",")}`);
    click.mockRestore();
  });

  it("shows a shared link's marketplace the plan lacks in the select, so the visitor sees why it is refused and can pick another", async () => {
    const fetchMock = fakeCompareApi();
    const { user } = renderApp(`/compare?asins=${ASINS[0]}&marketplace=JP`);
    expect((await screen.findByRole("alert")).textContent).toContain("Upgrade to Pro to compare in JP");
    const select = screen.getByLabelText<HTMLSelectElement>("Marketplace");
    // Not the first option shown over a JP compare: Compare would ask for JP again, whatever the select showed.
    expect(select.value).toBe("JP");
    await user.selectOptions(select, "US");
    await user.click(screen.getByRole("button", { name: "Compare" }));
    await screen.findByRole("table");
    expect(new URL(String(compareCalls(fetchMock).at(-1)![0]), "http://localhost").searchParams.get("marketplace")).toBe("US");
  });

  it("makes no call for links of a marketplace the plan lacks: the form says so and waits", async () => {
    const fetchMock = fakeCompareApi();
    const { user } = renderApp("/compare");
    const field = await screen.findByLabelText(/ASINs or Amazon product links/);
    await user.click(field);
    await user.paste("https://www.amazon.co.uk/dp/B000000001");
    expect(screen.getByText(/The links are from the UK marketplace, which your Free plan does not cover/)).toBeTruthy();
    await user.click(screen.getByRole("button", { name: "Compare" }));
    expect(compareCalls(fetchMock)).toHaveLength(0);
  });
});

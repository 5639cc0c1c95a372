import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import type { CatalogItemResult } from "@contract/account";
import { renderRoutes } from "../helpers";
import { dashboard } from "../dashboard/dashboard-fixture";
import { connectedUser, demoUser, fakeApi, json, pending, sequence, SIGNED_OUT } from "./fake-api";

function catalogItem(overrides: Partial<CatalogItemResult> = {}): CatalogItemResult {
  return {
    asin: "B08N5WRWNW",
    title: "Trail Runner Water Bottle",
    source: "spapi",
    salesRanks: [
      { categoryTitle: "Sports & Outdoors", rank: 1234 },
      { categoryTitle: "Water Bottles", rank: 7 },
    ],
    fetchedAt: "2026-11-22T04:05:33.000Z",
    ...overrides,
  };
}

async function renderSellerCentral(routes: Parameters<typeof fakeApi>[0] = {}) {
  const api = fakeApi({ "GET /api/user/status": json(connectedUser()), "GET /api/dashboard": json(dashboard()), ...routes });
  const app = renderRoutes("/seller-central");
  await screen.findByRole("heading", { level: 1, name: "Seller Central" });
  return { api, ...app };
}

const asinInput = () => screen.getByLabelText<HTMLInputElement>("ASIN");
const marketplaceSelect = () => screen.getByLabelText<HTMLSelectElement>("Marketplace");
const fetchButton = () => screen.getByRole("button", { name: /Fetch from SP-API|Fetching\.\.\./ });
const result = () => screen.getByRole("article");
/** The value shown beside a label in the page header. */
const fact = (term: string) => screen.getByText(term, { selector: "dt" }).nextElementSibling?.textContent;

describe("/seller-central", () => {
  it("prompts a signed-out visitor to connect", async () => {
    fakeApi({ "GET /api/user/status": json(SIGNED_OUT) });
    renderRoutes("/seller-central");

    expect((await screen.findByRole("link", { name: "Connect Seller Central" })).getAttribute("href")).toBe("/connect?next=%2Fseller-central");
    expect(screen.queryByLabelText("ASIN")).toBeNull();
  });

  it("shows the marketplace, brand and Connected badge of a connected seller, without the demo warning", async () => {
    await renderSellerCentral();

    expect(fact("Marketplace")).toBe("United Kingdom (UK)");
    expect(fact("Brand")).toBe("Acme Outdoors");
    expect(screen.getByText("Connected", { selector: ".badge" })).toBeTruthy();
    expect(screen.queryByRole("link", { name: "Connect Now" })).toBeNull();
  });

  it("labels the demo account as such, never as Connected, and warns that its data is not live", async () => {
    await renderSellerCentral({ "GET /api/user/status": json(demoUser({ brandName: null })) });

    expect(screen.getByText("Demo account", { selector: ".badge" })).toBeTruthy();
    expect(screen.queryByText("Connected", { selector: ".badge" })).toBeNull();
    expect(fact("Brand")).toBe("Not set");
    expect(screen.getByText(/catalog data comes from a mock seller API, not from Amazon/)).toBeTruthy();
    expect(screen.getByRole("link", { name: "Connect Now" }).getAttribute("href")).toBe("/connect");
  });

  it("warns a signed-in seller whose account is no longer connected", async () => {
    await renderSellerCentral({ "GET /api/user/status": json(connectedUser({ connected: false })) });

    expect(screen.getByText("Not connected", { selector: ".badge" })).toBeTruthy();
    expect(screen.getByRole("link", { name: "Connect Now" }).getAttribute("href")).toBe("/connect");
  });

  it("upper-cases the ASIN and never cuts a paste short", async () => {
    const { user } = await renderSellerCentral();

    await user.type(asinInput(), "b08n5wrwnw");
    expect(asinInput().value).toBe("B08N5WRWNW");
    expect(asinInput().maxLength).toBe(-1);

    await user.clear(asinInput());
    await user.click(asinInput());
    await user.paste(" B08N5WRWNW ");
    expect(asinInput().value).toBe("B08N5WRWNW");
  });

  it("takes the ASIN and marketplace out of a pasted Amazon product URL", async () => {
    const { user } = await renderSellerCentral();

    await user.click(asinInput());
    await user.paste("https://www.amazon.de/Some-Product/dp/b07xj8c8f5/ref=sr_1_1?th=1");

    expect(asinInput().value).toBe("B07XJ8C8F5");
    expect(marketplaceSelect().value).toBe("DE");
  });

  it("offers the eight marketplaces, starting at the user's own", async () => {
    await renderSellerCentral();

    expect(Array.from(marketplaceSelect().options, (option) => option.value)).toEqual(["US", "CA", "MX", "UK", "DE", "FR", "IT", "ES"]);
    expect(marketplaceSelect().value).toBe("UK");
  });

  it.each([
    ["too short", "B08N5WRWN"],
    ["empty", ""],
    ["not letters and digits", "B08N5WRW-!"],
  ])("refuses an ASIN that is %s without calling the API", async (_case, typed) => {
    const { api, user } = await renderSellerCentral();

    if (typed) await user.type(asinInput(), typed);
    await user.click(fetchButton());

    expect(screen.getByRole("alert").textContent).toBe("Please enter a valid 10-character ASIN");
    expect(asinInput().getAttribute("aria-invalid")).toBe("true");
    expect(api.requests("GET /api/sp/catalog-item")).toEqual([]);
  });

  it("fetches the item for the chosen marketplace and shows title, ASIN, source, ranks and time", async () => {
    const { api, user } = await renderSellerCentral({ "GET /api/sp/catalog-item": json(catalogItem()) });

    await user.type(asinInput(), "b08n5wrwnw");
    await user.selectOptions(marketplaceSelect(), "DE");
    await user.click(fetchButton());

    await screen.findByRole("article");
    expect(Object.fromEntries(api.requests("GET /api/sp/catalog-item")[0]!.url.searchParams)).toEqual({ asin: "B08N5WRWNW", marketplace: "DE" });
    expect(within(result()).getByRole("heading", { name: "Trail Runner Water Bottle" })).toBeTruthy();
    expect(within(result()).getByText("ASIN B08N5WRWNW")).toBeTruthy();
    expect(within(result()).getByText("Live SP-API")).toBeTruthy();
    const ranks = within(result()).getAllByRole("listitem").map((item) => item.textContent);
    expect(ranks).toEqual(["Sports & Outdoors#1,234", "Water Bottles#7"]);
    expect(within(result()).getByText(/Fetched at/).textContent).toBe("Fetched at 2026-11-22 04:05 UTC");
  });

  it.each([
    ["spapi", "Live SP-API"],
    ["mock", "Mock Data"],
    ["cache", "Cache"],
    ["something-new", "Cache"],
  ])("labels source %s as %s", async (source, label) => {
    const { user } = await renderSellerCentral({
      "GET /api/sp/catalog-item": json(catalogItem({ source: source as CatalogItemResult["source"] })),
    });

    await user.type(asinInput(), "B08N5WRWNW{Enter}");

    expect((await screen.findByRole("article")).querySelector(".badge")?.textContent).toBe(label);
  });

  it("says so when the item has no sales ranks", async () => {
    const { user } = await renderSellerCentral({ "GET /api/sp/catalog-item": json(catalogItem({ salesRanks: [] })) });

    await user.type(asinInput(), "B08N5WRWNW{Enter}");

    expect(await within(await screen.findByRole("article")).findByText("No sales rank data available for this ASIN.")).toBeTruthy();
  });

  it("reads Fetching... while the request runs", async () => {
    const { user } = await renderSellerCentral({ "GET /api/sp/catalog-item": pending() });

    await user.type(asinInput(), "B08N5WRWNW{Enter}");

    expect(fetchButton().textContent).toBe("Fetching...");
    expect(fetchButton()).toHaveProperty("disabled", true);
  });

  it.each([
    ["the server's detail", json({ detail: "Amazon has no catalog item B08N5WRWNW in this marketplace." }, 404), "Amazon has no catalog item B08N5WRWNW in this marketplace."],
    ["a fallback for a body without one", () => new Response("Bad gateway", { status: 502 }), "Failed to fetch product data"],
  ])("shows %s when the fetch fails", async (_case, answer, message) => {
    const { user } = await renderSellerCentral({ "GET /api/sp/catalog-item": answer });

    await user.type(asinInput(), "B08N5WRWNW{Enter}");

    expect((await screen.findByRole("alert")).textContent).toBe(message);
    expect(screen.queryByRole("article")).toBeNull();
  });

  it("clears the previous result and error when a new fetch starts", async () => {
    const { user } = await renderSellerCentral({
      "GET /api/sp/catalog-item": sequence(json(catalogItem()), json({ detail: "Amazon is throttling requests." }, 429), pending()),
    });
    await user.type(asinInput(), "B08N5WRWNW{Enter}");
    await screen.findByRole("article");

    await user.click(fetchButton());
    expect((await screen.findByRole("alert")).textContent).toBe("Amazon is throttling requests.");
    expect(screen.queryByRole("article")).toBeNull();

    await user.click(fetchButton());
    await waitFor(() => expect(screen.queryByRole("alert")).toBeNull());
    expect(screen.queryByRole("article")).toBeNull();
  });
});

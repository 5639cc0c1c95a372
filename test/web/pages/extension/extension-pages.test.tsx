import { screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { demoUser, SIGNED_OUT } from "../../seller/fake-api";
import { jsonResponse, mockFetch, renderApp, renderRoutes } from "../../helpers";
import { mainLinkHrefs } from "../page-helpers";
import { CHROMIUM_EXTENSION_ID } from "@contract/extension";
import { keyLimitDetail } from "@contract/api-keys";

const EXTENSION_ID = CHROMIUM_EXTENSION_ID;
const KEY = `rl_live_${"b".repeat(43)}`;

describe("/extension", () => {
  it("says what the extension shows, how to install it and what it keeps private", async () => {
    renderApp("/extension");
    await screen.findByRole("heading", { level: 1, name: "RankLayer on the Amazon page" });
    const shows = screen.getByRole("region", { name: "What it shows" });
    expect(within(shows).getByRole("img", { name: "Illustration of the RankLayer panel on an Amazon product page" })).toBeTruthy();
    expect(within(shows).getByText(/sample figures/)).toBeTruthy();
    const install = screen.getByRole("region", { name: "Install" });
    expect(within(install).getAllByRole("listitem").map((item) => within(item).getByRole("heading").textContent)).toEqual(["Build or download", "Load it", "Connect"]);
    expect(within(screen.getByRole("region", { name: "Permissions and privacy" })).getByText(/never given to Amazon's pages/)).toBeTruthy();
    expect(mainLinkHrefs()).toEqual(["/pricing", "/docs/api", "/privacy"]);
  });

  it("is linked from /resources", async () => {
    renderApp("/resources");
    await screen.findByRole("heading", { level: 1, name: "Resources" });
    const tools = screen.getByRole("region", { name: "Tools" });
    expect(within(tools).getByRole("link", { name: "Browser extension" }).getAttribute("href")).toBe("/extension");
  });
});

const listedKey = (id: string, name: string, prefix: string) => ({ id, name, prefix, createdAt: "2026-11-20T10:00:00.000Z", lastUsedAt: null, usage: { thisHour: 0, days: [] } });
/** The account's keys: the extension's earlier key, the one just made, and one made for a script. */
const LISTED_KEYS = [listedKey("k0", "Browser extension", "rl_live_old123"), listedKey("k1", "Browser extension", "rl_live_new456"), listedKey("k2", "Nightly script", "rl_live_ci7890")];

describe("/extension/connect", () => {
  afterEach(() => {
    delete (globalThis as { chrome?: unknown }).chrome;
  });

  function signedIn(post: () => Response, requestsPerHour: number | null = 1000) {
    return mockFetch((url, init) => {
      const path = new URL(url, "http://localhost").pathname;
      if (path === "/api/user/status") return jsonResponse(demoUser());
      if (path === "/api/auth/xsrf") return jsonResponse({ token: "t" });
      if (path === "/api/notifications/unread-count") return jsonResponse({ unread: 0 });
      if (path === "/api/api-keys" && init.method === "POST") return post();
      if (/^\/api\/api-keys\/k\d$/.test(path) && init.method === "DELETE") return new Response(null, { status: 204 });
      if (path === "/api/api-keys" && (init.method ?? "GET") === "GET") return jsonResponse({ keys: LISTED_KEYS, maxKeys: 5, requestsPerHour, usedThisHour: 0 });
      return jsonResponse({ detail: `unexpected ${url}` }, 500);
    });
  }

  it("asks to be opened from the extension when the URL names no extension", async () => {
    renderApp("/extension/connect");
    await screen.findByRole("heading", { level: 1, name: "Connect the browser extension" });
    expect(screen.getByText(/Open this page from the extension/)).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Connect the extension" })).toBeNull();
  });

  it("makes and sends no key for a link naming another extension (any extension may listen to this site)", async () => {
    const fetchMock = signedIn(() => jsonResponse({ key: KEY, apiKey: { id: "k1", name: "Browser extension" } }, 201));
    renderRoutes("/extension/connect?extension=abcdefghijklmnopabcdefghijklmnop");
    expect((await screen.findByRole("alert")).textContent).toContain("not RankLayer's (abcdefghijklmnopabcdefghijklmnop), so no key was made or sent");
    expect(screen.queryByRole("button", { name: "Connect the extension" })).toBeNull();
    expect(fetchMock.mock.calls.some(([url]) => String(url).endsWith("/api/api-keys"))).toBe(false);
  });

  it("sends a signed-out visitor to sign in and back here, not to the dashboard", async () => {
    mockFetch((url) => {
      const path = new URL(url, "http://localhost").pathname;
      if (path === "/api/user/status") return jsonResponse(SIGNED_OUT);
      return jsonResponse({ detail: `unexpected ${url}` }, 500);
    });
    renderRoutes(`/extension/connect?extension=${EXTENSION_ID}`);
    const link = await screen.findByRole("link", { name: "Connect Seller Central" });
    expect(link.getAttribute("href")).toBe(`/connect?next=${encodeURIComponent(`/extension/connect?extension=${EXTENSION_ID}`)}`);
  });

  it("creates a 'Browser extension' key and hands it to the named extension", async () => {
    const fetchMock = signedIn(() => jsonResponse({ key: KEY, apiKey: { id: "k1", name: "Browser extension" } }, 201));
    const sendMessage = vi.fn((_id: string, _message: unknown, reply: (answer: unknown) => void) => reply({ ok: true }));
    (globalThis as { chrome?: unknown }).chrome = { runtime: { sendMessage } };
    const { user } = renderRoutes(`/extension/connect?extension=${EXTENSION_ID}`);
    await user.click(await screen.findByRole("button", { name: "Connect the extension" }));
    await screen.findByText(/^Connected: the extension now uses your Pro key/);
    const post = fetchMock.mock.calls.find(([url, init]) => String(url).endsWith("/api/api-keys") && init?.method === "POST");
    expect(JSON.parse(String(post?.[1]?.body))).toEqual({ name: "Browser extension" });
    expect(sendMessage).toHaveBeenCalledWith(EXTENSION_ID, { type: "ranklayer-connect", key: KEY }, expect.any(Function));
  });

  it("revokes the extension's previous key when connecting again, and only that one", async () => {
    const fetchMock = signedIn(() => jsonResponse({ key: KEY, apiKey: LISTED_KEYS[1] }, 201));
    const sendMessage = vi.fn((_id: string, _message: unknown, reply: (answer: unknown) => void) => reply({ ok: true, replacedKeyPrefix: "rl_live_old123…" }));
    (globalThis as { chrome?: unknown }).chrome = { runtime: { sendMessage } };
    const { user } = renderRoutes(`/extension/connect?extension=${EXTENSION_ID}`);
    await user.click(await screen.findByRole("button", { name: "Connect the extension" }));
    expect((await screen.findByText(/^Connected: the extension now uses your Pro key/)).textContent).toBe(
      "Connected: the extension now uses your Pro key. The key it used before (rl_live_old123…) was revoked. You can close this tab.",
    );
    const deleted = fetchMock.mock.calls.filter(([, init]) => init?.method === "DELETE").map(([url]) => String(url));
    expect(deleted).toEqual(["/api/api-keys/k0"]);
  });

  it("leaves a key made for something else alone when the extension replaced it", async () => {
    const fetchMock = signedIn(() => jsonResponse({ key: KEY, apiKey: LISTED_KEYS[1] }, 201));
    const sendMessage = vi.fn((_id: string, _message: unknown, reply: (answer: unknown) => void) => reply({ ok: true, replacedKeyPrefix: "rl_live_ci7890…" }));
    (globalThis as { chrome?: unknown }).chrome = { runtime: { sendMessage } };
    const { user } = renderRoutes(`/extension/connect?extension=${EXTENSION_ID}`);
    await user.click(await screen.findByRole("button", { name: "Connect the extension" }));
    expect((await screen.findByText(/^Connected: the extension now uses your Pro key/)).textContent).toBe(
      "Connected: the extension now uses your Pro key. You can close this tab.",
    );
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === "DELETE")).toBe(false);
  });

  it("revokes the key it made when the extension refuses it, so no unused key stays active", async () => {
    const fetchMock = signedIn(() => jsonResponse({ key: KEY, apiKey: { id: "k1", name: "Browser extension" } }, 201));
    const sendMessage = vi.fn((_id: string, _message: unknown, reply: (answer: unknown) => void) => reply({ ok: false, detail: "Could not reach RankLayer. Check your connection and try again." }));
    (globalThis as { chrome?: unknown }).chrome = { runtime: { sendMessage } };
    const { user } = renderRoutes(`/extension/connect?extension=${EXTENSION_ID}`);
    await user.click(await screen.findByRole("button", { name: "Connect the extension" }));
    expect((await screen.findByRole("alert")).textContent).toBe(
      "Could not reach RankLayer. Check your connection and try again. The key made for it was revoked: nothing is left active.",
    );
    expect(fetchMock.mock.calls.some(([url, init]) => String(url).endsWith("/api/api-keys/k1") && init?.method === "DELETE")).toBe(true);
    expect(screen.getByRole("button", { name: "Connect the extension" })).toBeTruthy();
  });

  it("shows the key to paste when the browser cannot reach the extension (Firefox)", async () => {
    signedIn(() => jsonResponse({ key: KEY, apiKey: { id: "k1", name: "Browser extension" } }, 201));
    const { user } = renderRoutes(`/extension/connect?extension=${EXTENSION_ID}`);
    await user.click(await screen.findByRole("button", { name: "Connect the extension" }));
    expect((await screen.findByLabelText("New API key")).textContent).toBe(KEY);
  });

  it("explains that keys need Pro, with a way to upgrade, on a Free account", async () => {
    signedIn(() => jsonResponse({ detail: "API keys come with the Pro plan (1000 requests per hour). Your plan is Free.", code: "plan_limit" }, 403), null);
    const { user } = renderRoutes(`/extension/connect?extension=${EXTENSION_ID}`);
    await user.click(await screen.findByRole("button", { name: "Connect the extension" }));
    const alert = await screen.findByRole("alert");
    expect(alert.textContent).toMatch(/^API keys come with the Pro plan .* Your plan is Free\. Upgrade to Pro to use the extension/);
    expect(within(alert).getByRole("link", { name: "Upgrade to Pro" }).getAttribute("href")).toBe("/billing");
  });

  it("offers no upgrade when a Pro workspace has all its live keys: no plan allows more", async () => {
    signedIn(() => jsonResponse({ detail: keyLimitDetail("Pro"), code: "plan_limit" }, 403));
    const { user } = renderRoutes(`/extension/connect?extension=${EXTENSION_ID}`);
    await user.click(await screen.findByRole("button", { name: "Connect the extension" }));
    const alert = await screen.findByRole("alert");
    expect(alert.textContent).toBe(keyLimitDetail("Pro"));
    expect(within(alert).queryByRole("link", { name: "Upgrade to Pro" })).toBeNull();
  });

  // No internal text on the page: a failed fetch read "TypeError: Failed to fetch", an HTML 500 "Request failed with status 500".
  it.each([
    ["a network failure", () => Promise.reject(new TypeError("Failed to fetch")) as unknown as Response],
    ["a 500 without a JSON body", () => new Response("<html>Error 1101</html>", { status: 500, headers: { "Content-Type": "text/html" } })],
  ])("says in words that the key was not made after %s, and offers the button again", async (_case, post) => {
    signedIn(post);
    const { user } = renderRoutes(`/extension/connect?extension=${EXTENSION_ID}`);
    await user.click(await screen.findByRole("button", { name: "Connect the extension" }));
    expect((await screen.findByRole("alert")).textContent).toBe("The extension's key could not be made. Please try again.");
    expect(screen.getByRole("button", { name: "Connect the extension" })).toBeTruthy();
  });
});

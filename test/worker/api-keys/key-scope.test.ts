import { describe, expect, it } from "vitest";
import { app } from "../../../worker/app";
import { withLazyRoutes } from "../../../worker/routes/lazy-routes";
import { keyReaches } from "../../../worker/auth/key-scope";
import { createKey, proDemo, withKey } from "./support";
import { readRateLimit } from "../../../worker/contract/rate-limit-fields";

/** Every route the app declares, its lazily loaded groups included. */
const { routes: declaredRoutes } = await withLazyRoutes(app);

/** Every route the app declares, as METHOD and a concrete path (parameters filled in). */
function everyRoute(): { method: string; path: string }[] {
  const seen = new Set<string>();
  const routes: { method: string; path: string }[] = [];
  for (const route of declaredRoutes) {
    if (route.method === "ALL") continue; // middleware
    const path = route.path.replace(/:[A-Za-z_]+(\{[^}]*\})?/g, "x1").replace(/\*/g, "x1");
    const id = `${route.method} ${path}`;
    if (seen.has(id)) continue;
    seen.add(id);
    routes.push({ method: route.method, path });
  }
  return routes;
}

describe("an API key reaches /api/v1/* and /api/exports/* only", () => {
  it("walks every route of the app with a key and no cookie: every other route answers 401 naming it", async () => {
    const { browser } = await proDemo();
    const { key } = await createKey(browser);
    const routes = everyRoute();
    // The walk covers the account's routes the review found open to a key.
    for (const expected of ["GET /api/billing/portal", "POST /api/billing/demo/cancel", "DELETE /api/connection", "POST /api/api-keys"]) {
      expect(routes.map((route) => `${route.method} ${route.path}`)).toContain(expected);
    }
    expect(routes.filter((route) => keyReaches(route.path)).length).toBeGreaterThan(5);

    // Stripe's webhook authenticates by its signature, before any key or session is read.
    const walked = routes.filter(({ path }) => path !== "/api/billing/webhook");
    const answers = await Promise.all(
      walked.map(async ({ method, path }) => {
        const init: RequestInit = { method };
        if (!["GET", "HEAD"].includes(method)) init.body = "{}";
        const res = await withKey(key, path, init);
        const body = method === "HEAD" ? {} : await res.json<{ detail?: unknown; code?: string }>().catch(() => ({}));
        return { method, path, res, body };
      }),
    );
    for (const { method, path, res, body } of answers) {
      if (keyReaches(path)) {
        expect(res.status, `${method} ${path}`).not.toBe(401);
      } else {
        expect(res.status, `${method} ${path}`).toBe(401);
        expect(body, `${method} ${path}`).toMatchObject({ code: "unauthenticated", detail: expect.stringContaining(`${method} ${path} is a session-only route`) });
      }
    }
  }, 60_000);

  it("the key still works where it belongs", async () => {
    const { browser } = await proDemo();
    const { key } = await createKey(browser);
    expect((await withKey(key, "/api/v1/watchlist")).status).toBe(200);
    const settings = await withKey(key, "/api/settings", { method: "PUT", body: JSON.stringify({ alert_email: "thief@example.com" }) });
    expect(settings.status).toBe(401);
    expect((await withKey(key, "/api/connection", { method: "DELETE" })).status).toBe(401);
    // The session, not the key, still reaches them.
    expect((await browser.request("/api/billing/subscription")).status).toBe(200);
  });

  it("a client sending its key on every call reads the public API's document and the mock images its answers link to, spending none of its hourly requests on them", async () => {
    const { browser } = await proDemo();
    const { key } = await createKey(browser);
    const lookup = await withKey(key, "/api/v1/lookup?asin=B08N5WRWNW");
    const left = readRateLimit(lookup.headers)!.remaining;
    const document = await withKey(key, "/api/openapi.json");
    expect(document.status, await document.clone().text()).toBe(200);
    expect(await document.json()).toMatchObject({ openapi: "3.1.0", info: { title: "RankLayer API" } });
    const image = (await lookup.json<{ image: string }>()).image;
    expect(image).toMatch(/^\/api\/mock-images\//);
    const picture = await withKey(key, image);
    expect(picture.status).toBe(200);
    expect(picture.headers.get("Content-Type")).toMatch(/^image\/svg\+xml/);
    expect(picture.headers.get("RateLimit")).toBeNull();
    // Only the next API call counts.
    expect(readRateLimit((await withKey(key, "/api/v1/watchlist")).headers)!.remaining).toBe(left - 1);
    // The session document stays the web app's.
    expect((await withKey(key, "/api/openapi-internal.json")).status).toBe(401);
  });
});

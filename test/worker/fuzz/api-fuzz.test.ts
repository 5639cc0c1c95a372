import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import fc from "fast-check";
import { afterAll, describe, expect, it, vi } from "vitest";
import { app } from "../../../worker/app";
import { withLazyRoutes } from "../../../worker/routes/lazy-routes";
import { demoEnv, KEY_2026, TestBrowser } from "../support/seller-browser";

/** Every route the app declares, its lazily loaded groups included. */
const { routes: declaredRoutes } = await withLazyRoutes(app);

/**
 * Malformed requests against every /api route the app declares (read from Hono's own route
 * table, so a route added anywhere is fuzzed without touching this file): no answer may be
 * a 5xx, every 4xx must be JSON with a `detail`, and every status must be one the operation's
 * OpenAPI entry declares. The Amazon callback is the one route
 * that answers a browser with an HTML page by design; its 4xx must still be a page, not a crash.
 */
const HTML_ROUTES = new Set(["GET /api/auth/callback"]);
const RUNS_PER_ROUTE = 40;
const SEED = 15_2026;

interface Route {
  method: string;
  path: string;
}

/** Every concrete method and path under /api, without the middleware entries. */
function apiRoutes(): Route[] {
  const seen = new Map<string, Route>();
  for (const route of declaredRoutes) {
    if (route.method === "ALL" || !route.path.startsWith("/api/") || route.path.endsWith("*")) continue;
    seen.set(`${route.method} ${route.path}`, { method: route.method, path: route.path });
  }
  return [...seen.values()];
}

const nasty = fc.oneof(
  fc.string(),
  fc.string({ unit: "binary" }),
  fc.constantFrom("", " ", "..", "%", "%00", "\u0000", "../../etc/passwd", "B08N5WRWNW", "US", "null", "-1", "1e309", "💥", "a".repeat(3000)),
);

const jsonValue = fc.jsonValue({ maxDepth: 3 });

/** A body: nothing, JSON of any shape, an object with nasty fields, or text that is not JSON. */
const body = fc.oneof(
  fc.constant(undefined),
  jsonValue.map((value) => JSON.stringify(value)),
  fc.dictionary(fc.constantFrom("asin", "marketplace", "conditionType", "threshold", "paused", "name", "email", "company", "message", "webhookUrl", "alertEmail", "brandName", "notifications", "dataRefresh", "id", "type", "data"), fc.oneof(jsonValue, nasty)).map((value) => JSON.stringify(value)),
  nasty,
);

const request = fc.record({
  params: fc.array(nasty, { minLength: 4, maxLength: 4 }),
  query: fc.array(fc.tuple(fc.constantFrom("asin", "marketplace", "days", "limit", "cursor", "state", "code", "selling_partner_id", "spapi_oauth_code", "x"), nasty), { maxLength: 3 }),
  body,
  contentType: fc.constantFrom("application/json", "text/plain", "application/x-www-form-urlencoded", "multipart/form-data; boundary=x", undefined),
  signedIn: fc.boolean(),
  xsrf: fc.constantFrom("session", "none", "wrong"),
});

function concretePath(path: string, params: string[]): string {
  let i = 0;
  return path.replace(/:[A-Za-z_]+(\{[^}]*\})?/g, () => encodeURIComponent(params[i++ % params.length] || "x"));
}

/** The statuses each operation declares, from both OpenAPI documents ("GET /api/v1/lookup" → ["200", …]). */
async function declaredStatuses(): Promise<Map<string, string[]>> {
  const statuses = new Map<string, string[]>();
  for (const path of ["/api/openapi.json", "/api/openapi-internal.json"]) {
    const document = await (await app.request(path, {}, demoEnv())).json<{ paths: Record<string, Record<string, { responses: object }>> }>();
    for (const [route, methods] of Object.entries(document.paths)) {
      for (const [method, operation] of Object.entries(methods)) statuses.set(`${method.toUpperCase()} /api${route}`, Object.keys(operation.responses));
    }
  }
  return statuses;
}
const documented = await declaredStatuses();
/** The two documents themselves are served beside the routes they describe, not declared in them. */
const UNDOCUMENTED_ROUTES = new Set(["GET /api/openapi.json", "GET /api/openapi-internal.json"]);
const documentedName = (route: Route) => `${route.method} ${route.path.replace(/\/$/, "").replace(/:(\w+)(\{[^}]*\})?/g, "{$1}")}`;

let cases = 0;
afterAll(() => {
  console.info(`api fuzz: ${cases} requests over ${apiRoutes().length} routes, none answered 5xx, a 4xx without detail or an undeclared status`);
});

describe("fuzzing every /api route", () => {
  const routes = apiRoutes();

  it("finds the routes in the app's own table", () => {
    expect(routes.length).toBeGreaterThan(30);
    expect(routes).toContainEqual({ method: "POST", path: "/api/alerts" });
  });

  it.each(routes.map((route) => [`${route.method} ${route.path}`, route] as const))("%s never answers 5xx, every 4xx carries a JSON detail, and every status is declared", async (name, route) => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    vi.spyOn(console, "warn").mockImplementation(() => {});
    // Fully configured (encryption keys too), so a 503 "not set up" answer never hides a route's real path.
    const bindings = demoEnv({ TOKEN_ENCRYPTION_KEYS: `k2026:${KEY_2026}` });
    const signedIn = new TestBrowser(bindings);
    await signedIn.signInDemo();
    const sessionCookies = [...signedIn.cookies].map(([cookie, value]) => `${cookie}=${value}`).join("; ");
    const sessionXsrf = signedIn.cookies.get("XSRF-TOKEN")!;

    await fc.assert(
      fc.asyncProperty(request, async (input) => {
        cases += 1;
        const url = new URL(`http://localhost${concretePath(route.path, input.params)}`);
        for (const [key, value] of input.query) url.searchParams.append(key, value);
        const headers = new Headers({ "CF-Connecting-IP": `198.18.${cases % 250}.${(cases >> 8) % 250}` });
        if (input.contentType) headers.set("Content-Type", input.contentType);
        const xsrf = input.signedIn ? sessionXsrf : "anon-token";
        headers.set("Cookie", input.signedIn ? sessionCookies : `XSRF-TOKEN=${xsrf}`);
        if (input.xsrf === "session") headers.set("X-XSRF-TOKEN", xsrf);
        if (input.xsrf === "wrong") headers.set("X-XSRF-TOKEN", "wrong");
        const hasBody = !["GET", "HEAD"].includes(route.method) && input.body !== undefined;
        const ctx = createExecutionContext();
        const res = await app.request(url.toString(), { method: route.method, headers, body: hasBody ? input.body : undefined }, bindings, ctx);
        await waitOnExecutionContext(ctx);
        const text = await res.text();
        const where = `${route.method} ${url.pathname}${url.search} → ${res.status}: ${text.slice(0, 200)}`;
        expect(res.status, where).toBeLessThan(500);
        // Whatever it answers, its OpenAPI entry says it may.
        if (!HTML_ROUTES.has(name) && !UNDOCUMENTED_ROUTES.has(name)) expect(documented.get(documentedName(route)), where).toContain(String(res.status));
        if (res.status >= 400 && !HTML_ROUTES.has(name)) {
          expect(res.headers.get("Content-Type"), where).toMatch(/^application\/json/);
          const detail = (JSON.parse(text) as { detail?: unknown }).detail;
          expect(typeof detail === "string" ? detail.length > 0 : Array.isArray(detail) && detail.length > 0, where).toBe(true);
        }
      }),
      { numRuns: RUNS_PER_ROUTE, seed: SEED, endOnFailure: true },
    );
  }, 120_000);
});

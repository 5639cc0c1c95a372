import { env, SELF } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { app } from "../../../worker/app";
import { withLazyRoutes } from "../../../worker/routes/lazy-routes";
import { createKey, proDemo } from "../api-keys/support";
import { documentedSchema, exampleUrl, undeclaredHeaders, type OpenApiDocument, type Operation } from "./support";

/** Every route the app declares, its lazily loaded groups included. */
const { routes: declaredRoutes } = await withLazyRoutes(app);

let document: OpenApiDocument;
let key: string;

beforeAll(async () => {
  const res = await SELF.fetch("https://ranklayer.test/api/openapi.json");
  expect(res.status).toBe(200);
  document = await res.json<OpenApiDocument>();
  const { browser, userId } = await proDemo();
  key = (await createKey(browser, "contract test")).key;
  // One notification to read, as if an alert had fired last night.
  await env.DB.prepare(
    `INSERT INTO alert_events (id, workspace_id, day, asin, marketplace, condition_type, threshold, message, in_app, created_at)
     VALUES (?1, ?2, '2026-11-23', 'B08N5WRWNW', 'US', 'rank_above', 500, 'Rank #812 is worse than your threshold #500', 1, ?3)`,
  )
    .bind(NOTIFICATION_ID, userId, new Date().toISOString())
    .run();
  learned.notification = NOTIFICATION_ID;
});

const NOTIFICATION_ID = crypto.randomUUID();

const METHOD_ORDER = ["post", "get", "patch", "delete"];
function operations(): { path: string; method: string; operation: Operation }[] {
  return Object.entries(document.paths)
    .flatMap(([path, methods]) => Object.entries(methods).map(([method, operation]) => ({ path, method, operation })))
    .sort((a, b) => METHOD_ORDER.indexOf(a.method) - METHOD_ORDER.indexOf(b.method));
}

/** Values for path parameters learned from earlier answers (e.g. the id of the alert just created). */
const learned: Record<string, string> = {};

function urlOf(path: string, operation: Operation): string {
  return exampleUrl(path, operation, (name) => (path.startsWith("/v1/notifications/") && name === "id" ? learned.notification : learned[name]));
}

async function call(path: string, method: string, operation: Operation, auth: boolean): Promise<Response> {
  const headers = new Headers(auth ? { Authorization: `Bearer ${key}` } : {});
  const example = operation.requestBody?.content["application/json"]?.example;
  if (example !== undefined) headers.set("Content-Type", "application/json");
  return SELF.fetch(urlOf(path, operation), {
    method: method.toUpperCase(),
    headers,
    body: example === undefined ? undefined : JSON.stringify(example),
  });
}

function expectDocumented(operation: Operation, res: Response, body: unknown, label: string): void {
  const documented = Object.keys(operation.responses);
  expect(documented, `${label} answered ${res.status}, which is not documented: ${JSON.stringify(body)}`).toContain(String(res.status));
  const schema = documentedSchema(document, operation, res.status);
  if (schema) {
    const parsed = schema.safeParse(body);
    expect(parsed.success, `${label} ${res.status}: ${JSON.stringify(parsed.error?.issues)}`).toBe(true);
  } else {
    expect(body, `${label} ${res.status} has no documented body`).toBeNull();
  }
  for (const header of Object.keys(operation.responses[String(res.status)]?.headers ?? {})) {
    // Every 401 challenges; a 403 does only for a disabled key, so its declaration says "may".
    if (header === "Retry-After" || (header === "WWW-Authenticate" && res.status === 401)) {
      expect(res.headers.has(header), `${label} ${res.status} lacks ${header}`).toBe(true);
    }
  }
  expect(undeclaredHeaders(operation, res), `${label} ${res.status} sends headers it does not declare`).toEqual([]);
}

describe("/api/openapi.json", () => {
  it("is OpenAPI 3.1 with the Bearer key scheme and the rate-limit headers", () => {
    expect(document.openapi).toBe("3.1.0");
    expect(document.components.securitySchemes).toMatchObject({ apiKey: { type: "http", scheme: "bearer" } });
    // Every plan with API access is named, Agency included.
    expect(document.components.securitySchemes).toMatchObject({ apiKey: { description: expect.stringContaining("(Pro, Agency, Enterprise)") } });
    expect(Object.keys(document.components.headers ?? {})).toEqual(
      expect.arrayContaining(["RateLimit-Policy", "RateLimit", "Retry-After"]),
    );
  });

  it("documents every route under /api/v1", () => {
    const documented = new Set(
      Object.entries(document.paths).flatMap(([path, methods]) => Object.keys(methods).map((m) => `${m.toUpperCase()} /api${path}`)),
    );
    const served = new Set(
      declaredRoutes
        .filter((route) => route.path.startsWith("/api/v1/") && route.method !== "ALL")
        .map((route) => `${route.method} ${route.path.replace(/\/$/, "").replace(/:(\w+)/g, "{$1}")}`),
    );
    expect(served.size).toBeGreaterThan(8);
    for (const route of served) expect(documented, `${route} is not in /api/openapi.json`).toContain(route);
  });

  it("every documented operation answers, with a key, as documented, with the rate-limit headers", async () => {
    for (const { path, method, operation } of operations()) {
      const label = `${method.toUpperCase()} ${path}`;
      const res = await call(path, method, operation, true);
      const text = await res.text();
      // Exports answer files (CSV, PDF): only a JSON answer has a JSON body to check against its schema.
      const isJson = res.headers.get("Content-Type")?.startsWith("application/json") ?? false;
      const body = text && isJson ? JSON.parse(text) : null;
      if (!isJson && text) expect(Object.keys(operation.responses[String(res.status)]?.content ?? {}), `${label}: ${res.headers.get("Content-Type")}`).toContain(res.headers.get("Content-Type")!.split(";")[0]);
      expect(res.status, `${label}: ${text}`).toBeLessThan(300);
      expectDocumented(operation, res, body, label);
      for (const header of ["RateLimit-Policy", "RateLimit"]) expect(res.headers.has(header), `${label} lacks ${header}`).toBe(true);
      if (body?.alert?.id) learned.id = body.alert.id;
    }
  });

  it("every operation that needs a key answers 401 without one, as documented", async () => {
    for (const { path, method, operation } of operations()) {
      if (operation.security?.some((requirement) => Object.keys(requirement).length === 0)) continue;
      const res = await call(path, method, operation, false);
      // Writes without a key meet the XSRF check first (403), as a browser without its token would.
      const expected = method === "get" ? 401 : 403;
      expect(res.status, `${method} ${path}`).toBe(expected);
      expectDocumented(operation, res, await res.json(), `${method.toUpperCase()} ${path} without a key`);
    }
  });

  it("bad input answers the documented 422 list", async () => {
    const operation = document.paths["/v1/lookup"]!.get!;
    const res = await SELF.fetch("https://ranklayer.test/api/v1/lookup?asin=nope", { headers: { Authorization: `Bearer ${key}` } });
    expect(res.status).toBe(422);
    expectDocumented(operation, res, await res.json(), "GET /v1/lookup?asin=nope");
  });
});

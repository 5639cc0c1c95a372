import { createExecutionContext, SELF, waitOnExecutionContext } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { app } from "../../../worker/app";
import type { Bindings } from "../../../worker/env";
import { createKey, proDemo, sellerOnPlan, setPlan } from "../api-keys/support";
import { demoEnv } from "../support/seller-browser";
import { documentedSchema, exampleUrl, operationsOf, undeclaredHeaders, type OpenApiDocument, type Operation } from "./support";

/**
 * What a key request may be answered on any /api/v1 and /api/exports operation besides its own
 * answers (a wrong key, a disabled one, the hourly limit, bad input, a conflict), each declared in
 * /api/openapi.json with the body and every header it carries.
 */
let document: OpenApiDocument;

beforeAll(async () => {
  document = await (await SELF.fetch("https://ranklayer.test/api/openapi.json")).json<OpenApiDocument>();
});

async function send(url: string, method: string, key: string, init: { body?: string; bindings?: Bindings } = {}): Promise<Response> {
  const headers = new Headers({ Authorization: `Bearer ${key}` });
  if (init.body !== undefined) headers.set("Content-Type", "application/json");
  const ctx = createExecutionContext();
  const res = await app.request(url, { method: method.toUpperCase(), headers, body: init.body }, init.bindings ?? demoEnv(), ctx);
  await waitOnExecutionContext(ctx);
  return res;
}

/** Calls every operation (with its example body) and expects `status`, declared with its body and headers. */
async function expectEveryOperation(status: number, key: string, bindings?: Bindings): Promise<void> {
  for (const { path, method, operation } of operationsOf(document)) {
    const example = operation.requestBody?.content["application/json"]?.example;
    // The key is checked before any id is looked up: any id will do.
    const url = exampleUrl(path, operation, (name) => (name === "id" ? crypto.randomUUID() : undefined));
    const res = await send(url, method, key, { body: example === undefined ? undefined : JSON.stringify(example), bindings });
    expectDeclared(operation, res, await res.json(), `${method.toUpperCase()} ${path}`, status);
  }
}

function expectDeclared(operation: Operation, res: Response, body: unknown, label: string, status: number): void {
  expect(res.status, `${label}: ${JSON.stringify(body)}`).toBe(status);
  expect(Object.keys(operation.responses), `${label} answers ${status}, undeclared`).toContain(String(status));
  const parsed = documentedSchema(document, operation, status)?.safeParse(body);
  expect(parsed?.success, `${label} ${status}: ${JSON.stringify(parsed?.error?.issues)}`).toBe(true);
  expect(undeclaredHeaders(operation, res), `${label} ${status} sends headers it does not declare`).toEqual([]);
}

describe("every key-reachable operation declares what the key checks answer", () => {
  it("a wrong key: 401 with its Bearer challenge", async () => {
    await expectEveryOperation(401, `rl_live_${"x".repeat(43)}`);
  });

  it("a key of an account whose plan lost API access: 403 with its challenge", async () => {
    const { browser, userId } = await sellerOnPlan("pro");
    const { key } = await createKey(browser);
    await setPlan(userId, "free");
    await expectEveryOperation(403, key);
  });

  it("a key past the account's hourly limit: 429 with Retry-After and the rate-limit headers", async () => {
    const { browser } = await proDemo();
    const { key } = await createKey(browser);
    const oneAnHour = demoEnv({ API_REQUESTS_PER_HOUR: "1" });
    expect((await send("/api/v1/compare/plan", "get", key, { bindings: oneAnHour })).status).toBe(200);
    await expectEveryOperation(429, key, oneAnHour);
  });
});

describe("a key request's own answers declare the rate-limit headers they carry", () => {
  it("bad input: 422", async () => {
    const { browser } = await proDemo();
    const { key } = await createKey(browser);
    const cases: [path: string, method: string, url: string, body?: unknown][] = [
      ["/v1/compare", "get", "/api/v1/compare"],
      ["/v1/lookup", "get", "/api/v1/lookup?asin=nope"],
      ["/v1/history", "get", "/api/v1/history?asin=B08N5WRWNW&days=0"],
      ["/v1/watchlist", "get", "/api/v1/watchlist?limit=0"],
      ["/v1/watchlist", "post", "/api/v1/watchlist", { asin: "nope" }],
      ["/exports/{dataset}", "get", "/api/exports/compare?format=csv"],
    ];
    for (const [path, method, url, body] of cases) {
      const res = await send(url, method, key, { body: body === undefined ? undefined : JSON.stringify(body) });
      expectDeclared(document.paths[path]![method]!, res, await res.json(), `${method.toUpperCase()} ${url}`, 422);
    }
  });

  it("a duplicate alert: 409", async () => {
    const { browser } = await proDemo();
    const { key } = await createKey(browser);
    const body = JSON.stringify({ asin: "B08N5WRWNW", conditionType: "rank_above", threshold: 500, marketplace: "US" });
    expect((await send("/api/v1/alerts", "post", key, { body })).status).toBe(201);
    const res = await send("/api/v1/alerts", "post", key, { body });
    expectDeclared(document.paths["/v1/alerts"]!.post!, res, await res.json(), "POST /v1/alerts again", 409);
  });
});

describe("the key scheme", () => {
  it("states the hourly requests of each plan with API access, not one figure for all", () => {
    const scheme = document.components.securitySchemes?.apiKey as { description: string };
    expect(scheme.description).toMatch(/Pro 1,000.*Agency 5,000.*Enterprise 10,000/);
    expect(scheme.description).not.toMatch(/1,000 requests per hour per account/);
  });
});

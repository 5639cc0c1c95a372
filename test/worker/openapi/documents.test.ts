import { SELF } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { app } from "../../../worker/app";
import { withLazyRoutes } from "../../../worker/routes/lazy-routes";
import { historyResponseSchema } from "../../../worker/contract/history";
import { lookupResultSchema } from "../../../worker/contract/product";
import { errorSchema } from "../../../worker/openapi/responses";
import { ERROR_CODES } from "../../../worker/shared/api-error";
import type { OpenApiDocument } from "./support";
import { webhookPayloadSchema } from "../../../worker/openapi/webhooks";
import { alertDigestPayload, testWebhookPayload } from "../../../worker/notifications/webhook-payload";
import { ALERT_EVENT, ALERTS_URL, NOW } from "../notifications/support";

/** Every route the app declares, its lazily loaded groups included. */
const { routes: declaredRoutes } = await withLazyRoutes(app);

const DOCUMENT_ROUTES = new Set(["GET /api/openapi.json", "GET /api/openapi-internal.json"]);

let publicDocument: OpenApiDocument;
let internalDocument: OpenApiDocument;

async function fetchDocument(path: string): Promise<OpenApiDocument> {
  const res = await SELF.fetch(`https://ranklayer.test/api/${path}`);
  expect(res.status).toBe(200);
  return res.json<OpenApiDocument>();
}

beforeAll(async () => {
  publicDocument = await fetchDocument("openapi.json");
  internalDocument = await fetchDocument("openapi-internal.json");
});

const operationsOf = (document: OpenApiDocument) =>
  Object.entries(document.paths).flatMap(([path, methods]) => Object.entries(methods).map(([method, operation]) => ({ path, method, operation })));

describe("the alert webhook in the public document", () => {
  it("declares the payload RankLayer POSTs, and only in the public document", () => {
    const webhooks = (publicDocument as { webhooks?: unknown }).webhooks as Record<string, { post: { requestBody: { content: Record<string, { schema: unknown }> } } }>;
    expect(webhooks.alertsFired?.post.requestBody.content["application/json"]?.schema).toEqual({ $ref: "#/components/schemas/AlertWebhook" });
    const schema = (publicDocument.components as { schemas: Record<string, { required: string[] }> }).schemas.AlertWebhook!;
    expect(schema.required).toEqual(expect.arrayContaining(["type", "id", "text", "content", "alerts", "message", "day", "createdAt"]));
    expect((internalDocument as { webhooks?: unknown }).webhooks).toBeUndefined();
  });

  it("is the shape the sender builds, field for field", () => {
    const events = [ALERT_EVENT, { ...ALERT_EVENT, id: "evt-2", alertId: null, source: null }];
    expect(webhookPayloadSchema.safeParse(alertDigestPayload("dlv-1", events, ALERTS_URL, NOW)).error).toBeUndefined();
    expect(webhookPayloadSchema.safeParse(testWebhookPayload(NOW, ALERTS_URL)).error).toBeUndefined();
  });
});

describe("the two OpenAPI documents", () => {
  it("say what each data source means, so an API user can tell mock data from Amazon's", () => {
    const schemas = (publicDocument as unknown as { components: { schemas: Record<string, { properties: Record<string, { description?: string }> }> } }).components.schemas;
    const lookupSource = schemas.LookupResult!.properties.source!.description ?? "";
    for (const word of ["live", "cache", "mock", "not Amazon's"]) expect(lookupSource).toContain(word);
    const point = JSON.stringify(schemas.History);
    expect(point).toContain("mock: RankLayer's sample data, not Amazon's");
  });

  it("document every /api route the app serves, each in exactly one of them", () => {
    const keysOf = (document: OpenApiDocument) => new Set(operationsOf(document).map(({ path, method }) => `${method.toUpperCase()} /api${path}`));
    const publicKeys = keysOf(publicDocument);
    const internalKeys = keysOf(internalDocument);
    const served = new Set(
      declaredRoutes
        .filter((route) => route.method !== "ALL" && route.path.startsWith("/api/"))
        .map((route) => `${route.method} ${route.path.replace(/\/$/, "").replace(/:(\w+)/g, "{$1}")}`)
        .filter((route) => !DOCUMENT_ROUTES.has(route)),
    );
    expect(served.size).toBeGreaterThan(30);
    for (const route of served) {
      const count = Number(publicKeys.has(route)) + Number(internalKeys.has(route));
      expect(count, `${route} is in ${count} documents`).toBe(1);
    }
  });

  it("put /api/v1 and /api/exports in the public one, and the session routes in the internal one", () => {
    const publicPaths = Object.keys(publicDocument.paths);
    expect(publicPaths).toEqual(expect.arrayContaining(["/v1/lookup", "/v1/compare", "/v1/history", "/exports/{dataset}"]));
    for (const path of publicPaths) expect(path).toMatch(/^\/(v1|exports)\//);
    const internalPaths = Object.keys(internalDocument.paths);
    expect(internalPaths).toEqual(expect.arrayContaining(["/health", "/contact", "/watchlist", "/alerts/{id}", "/dashboard"]));
    for (const path of internalPaths) expect(path).not.toMatch(/^\/(v1|exports)\//);
  });

  it("declare the 409 of a tab showing another workspace on the workspace routes only, keeping a route's own 409", () => {
    type Answers = Record<string, { description: string } | undefined>;
    const answers = (document: OpenApiDocument, method: string, path: string) => document.paths[path]![method]!.responses as Answers;
    expect(answers(internalDocument, "post", "/watchlist")["409"]?.description).toContain("workspace_changed");
    expect(answers(publicDocument, "get", "/v1/alerts")["409"]?.description).toContain("workspace_changed");
    const ownConflict = answers(internalDocument, "post", "/alerts")["409"]!.description;
    expect(ownConflict).toMatch(/^You already have an alert with this exact rule\..*workspace_changed/s);
    expect(answers(internalDocument, "get", "/workspaces")["409"]).toBeUndefined();
    expect(answers(internalDocument, "post", "/workspaces/switch")["409"]).toBeUndefined();
    expect(answers(internalDocument, "get", "/health")["409"]).toBeUndefined();
  });

  it("answer every error with the one Error schema, which lists the codes", () => {
    for (const document of [publicDocument, internalDocument]) {
      const errorSchema = document.components.schemas?.Error as { properties: { code: { enum: string[] } } };
      expect(errorSchema.properties.code.enum).toEqual(Object.keys(ERROR_CODES));
      for (const { path, method, operation } of operationsOf(document)) {
        for (const [status, answer] of Object.entries(operation.responses)) {
          if (Number(status) < 400) continue;
          expect(answer.content?.["application/json"]?.schema, `${method} ${path} ${status}`).toEqual({ $ref: "#/components/schemas/Error" });
        }
      }
    }
  });

  it("describe the lookup's answer, its history and health by reference, though a cold start builds none of their schemas", () => {
    const answerOf = (document: OpenApiDocument, path: string) => document.paths[path]?.get?.responses["200"]?.content?.["application/json"]?.schema;
    expect(answerOf(publicDocument, "/v1/lookup")).toEqual({ $ref: "#/components/schemas/LookupResult" });
    expect(answerOf(publicDocument, "/v1/history")).toEqual({ $ref: "#/components/schemas/History" });
    expect(answerOf(internalDocument, "/health")).toEqual({ $ref: "#/components/schemas/Health" });
    const lookupResult = publicDocument.components.schemas?.LookupResult as { properties: Record<string, unknown>; required: string[] };
    expect(lookupResult.properties.history).toEqual({ $ref: "#/components/schemas/History" });
    expect(lookupResult.required).toEqual(expect.arrayContaining(["asin", "marketplace", "source", "rank", "price", "refreshedAt"]));
    expect(lookupResult.required).not.toContain("history");
    const history = publicDocument.components.schemas?.History as { properties: Record<string, unknown> };
    expect(Object.keys(history.properties)).toEqual(["asin", "marketplace", "range", "days", "points", "velocity"]);
    for (const schema of [lookupResultSchema, historyResponseSchema, errorSchema]) expect(schema._zod.def.type).toBe("lazy");
  });

  it("write every pattern as a regular expression a client can use: no delimiters or flags, matching the field's example", () => {
    const patterns: Array<{ pattern: string; example?: unknown }> = [];
    const collect = (node: unknown): void => {
      if (Array.isArray(node)) return node.forEach(collect);
      if (!node || typeof node !== "object") return;
      const schema = node as { pattern?: unknown; example?: unknown };
      if (typeof schema.pattern === "string") patterns.push({ pattern: schema.pattern, example: schema.example });
      Object.values(node).forEach(collect);
    };
    collect([publicDocument, internalDocument]);
    // The names, the brand name, the contact form's name and company, ASINs, tokens, codes.
    expect(patterns.length).toBeGreaterThan(10);
    for (const { pattern, example } of patterns) {
      expect(pattern, pattern).not.toMatch(/\/[dgimsuvy]+$/);
      const regex = new RegExp(pattern, "u");
      if (typeof example === "string") expect(regex.test(example), `${pattern} against its example ${example}`).toBe(true);
    }
    const name = patterns.find(({ example }) => example === "Nightly sync")!;
    expect(new RegExp(name.pattern, "u").test("Nightly\r\nBcc: x@example.com")).toBe(false);
    expect(new RegExp(name.pattern, "u").test("Acme \u202Eevil")).toBe(false);
  });

  it("are generated on request, so they carry the deployment's version", () => {
    expect(publicDocument.info).toMatchObject({ title: "RankLayer API", version: "0.1.0" });
    expect(internalDocument.info).toMatchObject({ title: "RankLayer internal API", version: "0.1.0" });
  });
});

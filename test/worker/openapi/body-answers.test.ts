import { createExecutionContext, SELF, waitOnExecutionContext } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { app } from "../../../worker/app";
import { createKey, proDemo } from "../api-keys/support";
import { demoEnv } from "../support/seller-browser";
import { documentedSchema, operationsOf, undeclaredHeaders, type OpenApiDocument, type Operation } from "./support";

/** What any operation that takes a body may answer before its own validation runs: 400, 413 and 415. */
let publicDocument: OpenApiDocument;
let internalDocument: OpenApiDocument;

beforeAll(async () => {
  publicDocument = await (await SELF.fetch("https://ranklayer.test/api/openapi.json")).json<OpenApiDocument>();
  internalDocument = await (await SELF.fetch("https://ranklayer.test/api/openapi-internal.json")).json<OpenApiDocument>();
});

async function post(url: string, headers: Record<string, string>, body: string): Promise<Response> {
  const ctx = createExecutionContext();
  const res = await app.request(url, { method: "POST", headers, body }, demoEnv(), ctx);
  await waitOnExecutionContext(ctx);
  return res;
}

function expectDeclared(document: OpenApiDocument, operation: Operation, res: Response, body: unknown, label: string): void {
  expect(Object.keys(operation.responses), `${label} answers ${res.status}, undeclared: ${JSON.stringify(body)}`).toContain(String(res.status));
  const parsed = documentedSchema(document, operation, res.status)?.safeParse(body);
  expect(parsed?.success, `${label} ${res.status}: ${JSON.stringify(parsed?.error?.issues)}`).toBe(true);
  expect(undeclaredHeaders(operation, res), `${label} ${res.status} sends headers it does not declare`).toEqual([]);
}

const MALFORMED = '{"asin": "B08N5WRWNW",';
const TOO_LARGE = JSON.stringify({ asin: "B08N5WRWNW", marketplace: "US", note: "x".repeat(70 * 1024) });

describe("operations that take a body", () => {
  it("declare 413 and 415 in both documents, and 400 when they read JSON", () => {
    let checked = 0;
    for (const document of [publicDocument, internalDocument]) {
      for (const { path, method, operation } of operationsOf(document)) {
        if (!operation.requestBody) continue;
        checked += 1;
        const readsJson = "application/json" in operation.requestBody.content;
        const expected = readsJson ? ["400", "413", "415"] : ["413", "415"];
        expect(Object.keys(operation.responses), `${method.toUpperCase()} ${path}`).toEqual(expect.arrayContaining(expected));
      }
    }
    expect(checked).toBeGreaterThan(20);
  });

  it("answer a key request's unreadable, mistyped and oversized bodies as declared", async () => {
    const { browser } = await proDemo();
    const { key } = await createKey(browser);
    const operation = publicDocument.paths["/v1/watchlist"]!.post!;
    const auth = { Authorization: `Bearer ${key}` };
    const cases: [label: string, headers: Record<string, string>, body: string, status: number][] = [
      ["malformed JSON", { ...auth, "Content-Type": "application/json" }, MALFORMED, 400],
      ["text/plain", { ...auth, "Content-Type": "text/plain" }, JSON.stringify({ asin: "B08N5WRWNW" }), 415],
      ["no Content-Type", auth, JSON.stringify({ asin: "B08N5WRWNW" }), 415],
      ["a 70 kB body", { ...auth, "Content-Type": "application/json" }, TOO_LARGE, 413],
    ];
    for (const [label, headers, body, status] of cases) {
      const res = await post("/api/v1/watchlist", headers, body);
      const answer = await res.json();
      expect(res.status, `POST /v1/watchlist with ${label}: ${JSON.stringify(answer)}`).toBe(status);
      expectDeclared(publicDocument, operation, res, answer, `POST /v1/watchlist with ${label}`);
    }
  });

  it("answer a session route's mistyped and oversized bodies as declared", async () => {
    const operation = internalDocument.paths["/contact"]!.post!;
    const xsrf = { Cookie: "XSRF-TOKEN=t", "X-XSRF-TOKEN": "t", "CF-Connecting-IP": "198.51.100.77" };
    for (const [headers, body, status] of [
      [{ ...xsrf, "Content-Type": "text/plain" }, JSON.stringify({ name: "Ana" }), 415],
      [{ ...xsrf, "Content-Type": "application/json" }, TOO_LARGE, 413],
    ] as const) {
      const res = await post("/api/contact", headers, body);
      expect(res.status).toBe(status);
      expectDeclared(internalDocument, operation, res, await res.json(), `POST /contact (${status})`);
    }
  });
});

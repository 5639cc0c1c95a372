import { describe, expect, it } from "vitest";
import { splitDocument, type OpenApiDocument } from "../../../worker/openapi/split";

const ref = (kind: string, name: string) => ({ $ref: `#/components/${kind}/${name}` });

const DOCUMENT: OpenApiDocument = {
  openapi: "3.1.0",
  info: { title: "t", version: "1" },
  paths: {
    "/v1/a": { get: { responses: { 200: { content: { "application/json": { schema: ref("schemas", "A") } } }, 429: { headers: { "Retry-After": ref("headers", "Retry-After") } } } } },
    "/b": { get: { responses: { 200: { content: { "application/json": { schema: ref("schemas", "B") } } } } } },
  },
  components: {
    schemas: { A: { type: "object", properties: { inner: ref("schemas", "Inner") } }, Inner: { type: "string" }, B: { type: "number" } },
    headers: { "Retry-After": { schema: { type: "integer" } }, Unused: { schema: { type: "string" } } },
    securitySchemes: { apiKey: { type: "http", scheme: "bearer" } },
  },
};

describe("splitDocument", () => {
  const { publicDocument, internalDocument } = splitDocument(DOCUMENT, (path) => path.startsWith("/v1/"));

  it("puts each path in one document", () => {
    expect(Object.keys(publicDocument.paths ?? {})).toEqual(["/v1/a"]);
    expect(Object.keys(internalDocument.paths ?? {})).toEqual(["/b"]);
  });

  it("keeps the components a document's paths reach, through other components too, and the security schemes", () => {
    expect(publicDocument.components).toEqual({
      schemas: { A: DOCUMENT.components!.schemas!.A, Inner: { type: "string" } },
      headers: { "Retry-After": { schema: { type: "integer" } } },
      securitySchemes: { apiKey: { type: "http", scheme: "bearer" } },
    });
    expect(internalDocument.components).toEqual({ schemas: { B: { type: "number" } }, securitySchemes: { apiKey: { type: "http", scheme: "bearer" } } });
  });

  it("leaves the generated document as it was", () => {
    expect(Object.keys(DOCUMENT.paths ?? {})).toEqual(["/v1/a", "/b"]);
    publicDocument.info.title = "changed";
    expect(DOCUMENT.info.title).toBe("t");
  });
});

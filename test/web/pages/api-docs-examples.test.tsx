import { describe, expect, it } from "vitest";
import type { DocOperation } from "../../../web/src/api/openapi";
import { fetchExample } from "../../../web/src/pages/docs/examples";

const ORIGIN = "https://ranklayer.test";

function operation(responses: DocOperation["responses"]): DocOperation {
  return { operationId: "x", security: [{ apiKey: [] }], parameters: [], responses };
}

describe("the docs page's fetch examples", () => {
  it("read a JSON answer as JSON and show an error's detail, a 422's list included, as text", () => {
    const code = fetchExample({ method: "get", path: "/v1/watchlist", operation: operation({ "200": { description: "ok", content: { "application/json": {} } } }) }, ORIGIN);
    expect(code).toContain("const data = await res.json();");
    // A 422's detail is a list: thrown as its JSON, never as "[object Object]".
    expect(code).toContain('  throw new Error(typeof detail === "string" ? detail : JSON.stringify(detail));');
  });

  it("read an export's file as what it is, not as JSON", () => {
    const code = fetchExample(
      { method: "get", path: "/exports/{dataset}", operation: operation({ "200": { description: "The file", content: { "text/csv": {}, "application/pdf": {} } } }) },
      ORIGIN,
    );
    expect(code).not.toContain("const data = await res.json();");
    expect(code).toContain("const file = await res.blob(); // text/csv or application/pdf");
  });

  it("say there is no body on a 204", () => {
    const code = fetchExample({ method: "delete", path: "/v1/alerts/{id}", operation: operation({ "204": { description: "Done" } }) }, ORIGIN);
    expect(code).toContain("// 204: no body");
  });
});

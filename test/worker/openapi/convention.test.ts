import { createRoute, OpenAPIHono, z } from "@hono/zod-openapi";
import { describe, expect, it } from "vitest";
import type { AppEnv } from "../../../worker/env";
import { createApiApp } from "../../../worker/openapi/document";
import { commonErrors, ok } from "../../../worker/openapi/responses";

/** A router written the way every /api route is written (openapi/router.ts). */
function exampleRoutes() {
  return new OpenAPIHono<AppEnv>().openapi(
    createRoute({
      method: "get",
      path: "/",
      operationId: "example",
      security: [{ apiKey: [] }],
      request: { query: z.object({ asins: z.string().min(10).openapi({ example: "B08N5WRWNW" }) }) },
      responses: { 200: ok("Example.", z.object({ asins: z.array(z.string()) })), ...commonErrors },
    }),
    (c) => c.json({ asins: c.req.valid("query").asins.split(",") }, 200),
  );
}

describe("an OpenAPIHono router mounted under the API", () => {
  it("appears in the document by itself, with the shared error answers", () => {
    const api = createApiApp();
    api.route("/v1/example", exampleRoutes());
    const document = api.getOpenAPI31Document({ openapi: "3.1.0", info: { title: "t", version: "1" } });
    const operation = document.paths?.["/v1/example"]?.get;
    expect(operation?.operationId).toBe("example");
    expect(Object.keys(operation?.responses ?? {})).toEqual(expect.arrayContaining(["200", "401", "403", "422", "429"]));
    expect(operation?.parameters).toEqual([expect.objectContaining({ name: "asins", in: "query", required: true, schema: expect.objectContaining({ example: "B08N5WRWNW" }) })]);
  });

  it("answers bad input with the API's 422 list, through the parent's hook", async () => {
    const api = createApiApp();
    api.route("/v1/example", exampleRoutes());
    const res = await api.request("/v1/example?asins=short");
    expect(res.status).toBe(422);
    expect(await res.json()).toEqual({ detail: [{ loc: ["query", "asins"], msg: expect.any(String), type: "too_small" }], code: "validation_failed" });
  });
});

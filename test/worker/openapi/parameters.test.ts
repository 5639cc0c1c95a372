import { SELF } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { LOOKUP_MARKETPLACES } from "../../../worker/contract/marketplaces";
import { operationsOf, type OpenApiDocument } from "./support";

/** The parameters of both documents say what their validators take: no more, no less. */
let documents: OpenApiDocument[];

beforeAll(async () => {
  documents = await Promise.all(
    ["openapi.json", "openapi-internal.json"].map(async (name) => (await SELF.fetch(`https://ranklayer.test/api/${name}`)).json<OpenApiDocument>()),
  );
});

interface ParameterSchema {
  type?: string;
  enum?: string[];
  pattern?: string;
  minimum?: number;
  maximum?: number;
  description?: string;
}

/** Every parameter of the given documents (both by default), labelled. */
function parameters(of = documents) {
  return of.flatMap((document) =>
    operationsOf(document).flatMap(({ path, method, operation }) =>
      (operation.parameters ?? []).map((parameter) => ({
        ...parameter,
        schema: parameter.schema as ParameterSchema,
        label: `${method.toUpperCase()} ${path} ${parameter.in} ${parameter.name}`,
      })),
    ),
  );
}

describe("the documented parameters", () => {
  it("make every path parameter required, as OpenAPI 3.1 demands", () => {
    const inPath = parameters().filter((parameter) => parameter.in === "path");
    expect(inPath.length).toBeGreaterThan(10);
    for (const parameter of inPath) expect(parameter.required, parameter.label).toBe(true);
  });

  // The public API's: the web app's own routes (the internal document) have validators of their own.
  const publicParameters = () => parameters(documents.slice(0, 1));

  it("name the marketplaces the validator takes", () => {
    const marketplaces = publicParameters().filter((parameter) => parameter.name === "marketplace");
    expect(marketplaces.map((parameter) => parameter.label)).toEqual(
      expect.arrayContaining(["GET /v1/lookup query marketplace", "GET /v1/compare query marketplace", "DELETE /v1/watchlist/{marketplace}/{asin} path marketplace"]),
    );
    for (const parameter of marketplaces) expect(parameter.schema.enum, parameter.label).toEqual(LOOKUP_MARKETPLACES);
  });

  it("give ASINs a pattern that takes any case, as the validator does", () => {
    const asins = publicParameters().filter((parameter) => parameter.name === "asin" && parameter.schema.pattern !== undefined);
    expect(asins.map((parameter) => parameter.label)).toEqual(expect.arrayContaining(["GET /v1/history query asin", "DELETE /v1/watchlist/{marketplace}/{asin} path asin"]));
    for (const parameter of asins) {
      const pattern = new RegExp(parameter.schema.pattern!);
      expect(pattern.test("b08n5wrwnw") && pattern.test("B08N5WRWNW"), parameter.label).toBe(true);
      expect(pattern.test("B08N5"), parameter.label).toBe(false);
    }
  });

  it("declare limit and days as the whole numbers the validator takes, with its bounds", () => {
    const bounded = publicParameters().filter((parameter) => parameter.name === "limit" || parameter.name === "days");
    expect(bounded.map((parameter) => parameter.label)).toEqual(
      expect.arrayContaining(["GET /v1/watchlist query limit", "GET /v1/alerts query limit", "GET /v1/notifications query limit", "GET /v1/history query days"]),
    );
    for (const parameter of bounded) {
      const maximum = parameter.name === "limit" ? 1000 : 90;
      expect(parameter.schema, parameter.label).toMatchObject({ type: "integer", minimum: 1, maximum });
    }
  });

  it("say that a notifications page holds at most 50, as the route answers", async () => {
    const [limit] = publicParameters().filter((parameter) => parameter.label === "GET /v1/notifications query limit");
    expect(limit?.description).toBe("Items per page, 1–1000, of which at most 50 are answered; without it, 50. Follow `next_cursor` for the rest.");
    expect(limit?.schema.description).toBe(limit?.description);
  });
});

import { createRoute } from "@hono/zod-openapi";
import * as z from "../openapi/zod";
import { ASIN_PATTERN, isMarketplace } from "../contract/marketplaces";
import { failure } from "../openapi/responses";
import { createRouter } from "../openapi/router";
import { ApiError } from "../shared/api-error";
import { mockImageSvg } from "../upstreams/creators/mock";

/** The placeholder product images that mock-mode lookups point to. */
export const mockImageRoutes = createRouter().openapi(
  createRoute({
    method: "get",
    path: "/{marketplace}/{file}",
    operationId: "mockImage",
    tags: ["Site"],
    summary: "The placeholder image of a mock-mode product",
    request: {
      params: z.object({
        marketplace: z.string().openapi({ example: "US" }),
        file: z.string().openapi({ description: "<ASIN>.svg", example: "B08N5WRWNW.svg" }),
      }),
    },
    responses: {
      200: { description: "An SVG image.", content: { "image/svg+xml": { schema: z.string() } } },
      404: failure("No such mock image."),
    },
  }),
  (c) => {
    const { marketplace, file } = c.req.valid("param");
    const asin = file.replace(/\.svg$/, "");
    if (!isMarketplace(marketplace) || !ASIN_PATTERN.test(asin)) throw new ApiError(404, "not_found", "No such mock image");
    return c.body(mockImageSvg(asin, marketplace), 200, {
      "Content-Type": "image/svg+xml",
      "Cache-Control": "public, max-age=86400, immutable",
    });
  },
);

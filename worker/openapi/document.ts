import type { Hook } from "@hono/zod-openapi";
import { OpenAPIHono } from "@hono/zod-openapi";
import type { AppEnv } from "../env";
import { validationDetails } from "../validation";
import { registerShared } from "./responses";
import { registerV1Paths } from "./v1-paths";

/** createRoute validators answer bad input like every other route: 422 `{detail: [{loc, msg, type}]}`. */
export const validationHook: Hook<unknown, AppEnv, string, unknown> = (result, c) => {
  if (!result.success) return c.json({ detail: validationDetails(result.target, result.error) }, 422);
};

/**
 * The /api app: an OpenAPIHono, so a router written with createRoute and mounted with
 * `.route()` adds its operations to /api/openapi.json by itself.
 */
export function createApiApp(): OpenAPIHono<AppEnv> {
  const api = new OpenAPIHono<AppEnv>({ defaultHook: validationHook });
  registerShared(api.openAPIRegistry);
  registerV1Paths(api.openAPIRegistry);
  return api;
}

/** GET /api/openapi.json, generated on request from everything registered by then. */
export function serveOpenApiDocument(api: OpenAPIHono<AppEnv>, version: (env: AppEnv["Bindings"]) => string): void {
  api.doc31("/openapi.json", (c) => ({
    openapi: "3.1.0",
    info: {
      title: "RankLayer API",
      version: version(c.env),
      description:
        "Amazon Best Sellers Rank, price and offers by ASIN, rank history, the watchlist, alerts and notifications. " +
        "Send an API key from Settings → API Access as `Authorization: Bearer rl_live_…`. " +
        "Lists take `?limit=` and `?cursor=` and answer `next_cursor`. Every error is `{detail}`.",
    },
    servers: [{ url: "/api", description: "This host" }],
    tags: [
      { name: "Products", description: "Public product data by ASIN." },
      { name: "Watchlist", description: "The ASINs your account tracks every night." },
      { name: "Alerts", description: "Rank, price and seller alerts, and the notifications they send." },
    ],
  }));
}

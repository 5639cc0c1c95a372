import { OpenAPIHono } from "@hono/zod-openapi";
import type { AppEnv } from "../env";
import { validationHook } from "./document";

/**
 * The one way to declare routes: a router per area, each operation added with
 * `.openapi(createRoute({...}), handler)`, so its schemas are at once the validator, the
 * OpenAPI entry and the answer type. Mounted under /api by app.ts.
 */
export function createRouter(): OpenAPIHono<AppEnv> {
  return new OpenAPIHono<AppEnv>({ defaultHook: validationHook });
}

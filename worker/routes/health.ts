import { createRoute } from "@hono/zod-openapi";
import * as z from "../openapi/zod";
import { json } from "../openapi/responses";
import { createRouter } from "../openapi/router";

// Lazy: answers are not validated, so only the OpenAPI document builds it.
const healthSchema = z.lazy(() => z.object({ ok: z.literal(true), version: z.string().optional() }).openapi("Health"));

export const healthRoutes = createRouter().openapi(
  createRoute({
    method: "get",
    path: "/",
    operationId: "health",
    tags: ["Site"],
    summary: "Whether the Worker answers, and its version",
    responses: { 200: json("Up.", healthSchema) },
  }),
  (c) => c.json({ ok: true as const, version: c.get("services").config.vars.APP_VERSION }, 200),
);

import { createRoute } from "@hono/zod-openapi";
import * as z from "../openapi/zod";
import { STATUS_COMPONENTS, type ComponentId, type StatusReport } from "../contract/status-components";
import { json } from "../openapi/responses";
import { createRouter } from "../openapi/router";
import { checkStatus } from "../status/checks";

const componentStatus = z.enum(["operational", "degraded", "mock", "failing", "not_active"]);
const statusSchema: z.ZodType<StatusReport> = z
  .object({
    status: z.enum(["operational", "degraded"]),
    checkedAt: z.string().openapi({ format: "date-time" }),
    components: z.array(
      z.object({
        // The ids of the components listed, so the document never lags behind the list.
        id: z.enum(STATUS_COMPONENTS.map((component) => component.id) as [ComponentId, ...ComponentId[]]),
        name: z.string(),
        description: z.string(),
        status: componentStatus,
        detail: z.string().optional(),
        regions: z
          .array(
            z.object({
              region: z.enum(["na", "eu", "fe"]),
              marketplaces: z.array(z.string()),
              mode: z.enum(["live", "mock"]),
              detail: z.string(),
            }),
          )
          .optional(),
      }),
    ),
  })
  .openapi("StatusReport");

/** GET /api/status: the status page's live check of every component. */
export const statusRoutes = createRouter().openapi(
  createRoute({
    method: "get",
    path: "/",
    operationId: "status",
    tags: ["Site"],
    summary: "The live state of every component (the status page)",
    responses: { 200: json("Each component's state, checked now.", statusSchema) },
  }),
  async (c) => {
    const report = await checkStatus(c.get("services"));
    c.header("Cache-Control", "no-store");
    return c.json(report, 200);
  },
);

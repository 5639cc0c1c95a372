import { createRoute } from "@hono/zod-openapi";
import { HISTORY_RANGE_DAYS, historyQuerySchema, historyResponseSchema } from "../contract/history";
import { assertHistoryDaysAllowed, historyAnswer } from "../history/history-answer";
import { commonErrors, KEY_OR_ANONYMOUS, ok } from "../openapi/responses";
import { createRouter } from "../openapi/router";

const route = createRoute({
  method: "get",
  path: "/",
  operationId: "history",
  tags: ["Products"],
  summary: "Daily rank history of one ASIN",
  description:
    "One point per UTC day with a snapshot, oldest first, each with its source, and the rank velocity over the range, measured within the latest point's source (mock and live points are never compared). Without a key or session: 7 days only.",
  security: KEY_OR_ANONYMOUS,
  request: { query: historyQuerySchema },
  responses: { 200: ok("The history.", historyResponseSchema), ...commonErrors },
});

/** GET /api/history and /api/v1/history: the same router, mounted twice. */
export const historyRoutes = createRouter().openapi(route, async (c) => {
  const { asin, marketplace, range, days: askedDays } = c.req.valid("query");
  const days = askedDays ?? HISTORY_RANGE_DAYS[range];
  // The answer depends on who asks (plan limits), so no shared cache may keep it.
  c.header("Cache-Control", "private, no-store");
  await assertHistoryDaysAllowed(c.env.DB, c.get("account"), days, c.req.path.startsWith("/api/v1/"));
  return c.json(await historyAnswer(c.get("services").history, { asin, marketplace, range, days }), 200);
});

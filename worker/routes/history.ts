import { createRoute, z } from "@hono/zod-openapi";
import { planOfUser } from "../billing/user-plan";
import { upgradeHint } from "../contract/billing";
import { ANONYMOUS_HISTORY_RANGE, HISTORY_RANGE_DAYS, HISTORY_RANGES, historyQuerySchema, type HistoryResponse } from "../contract/history";
import { LOOKUP_MARKETPLACES } from "../contract/marketplaces";
import { rankHistory } from "../history/history-store";
import { rankVelocity } from "../history/velocity";
import { commonErrors, KEY_OR_ANONYMOUS, ok } from "../openapi/responses";
import { createRouter } from "../openapi/router";
import { ApiError } from "../shared/api-error";
import { DAY_MS, utcDay } from "../contract/time";


const day = z.string().openapi({ format: "date", example: "2026-11-24" });

const historySchema: z.ZodType<HistoryResponse> = z
  .object({
    asin: z.string().openapi({ example: "B08N5WRWNW" }),
    marketplace: z.enum(LOOKUP_MARKETPLACES),
    range: z.enum(HISTORY_RANGES),
    days: z.number().int(),
    points: z.array(
      z.object({
        day,
        source: z.enum(["live", "mock"]),
        rank: z.number().int().nullable(),
        categoryRanks: z.array(z.object({ category: z.string(), rank: z.number().int() })),
        price: z.number().nullable(),
        currency: z.string().nullable(),
        offers: z.number().int().nullable(),
      }),
    ),
    velocity: z.object({
      rankChangePercent: z.number().nullable(),
      slopePerDay: z.number().nullable(),
      best: z.number().nullable(),
      worst: z.number().nullable(),
    }),
  })
  .openapi("History");

const route = createRoute({
  method: "get",
  path: "/",
  operationId: "history",
  tags: ["Products"],
  summary: "Daily rank history of one ASIN",
  description:
    "One point per UTC day with a snapshot, oldest first, and the rank velocity over the range. Without a key or session: 7 days only.",
  security: KEY_OR_ANONYMOUS,
  request: { query: historyQuerySchema },
  responses: { 200: ok("The history.", historySchema), ...commonErrors },
});

/** GET /api/history and /api/v1/history: the same router, mounted twice. */
export const historyRoutes = createRouter().openapi(route, async (c) => {
  const { asin, marketplace, range, days: askedDays } = c.req.valid("query");
  const days = askedDays ?? HISTORY_RANGE_DAYS[range];
  const account = c.get("account");
  // The answer depends on who asks (plan limits), so no shared cache may keep it.
  c.header("Cache-Control", "private, no-store");

  if (!account) {
    if (days > HISTORY_RANGE_DAYS[ANONYMOUS_HISTORY_RANGE]) throw new ApiError(401, "unauthenticated", "Sign in to see 30 and 90 days");
  } else {
    const plan = await planOfUser(c.env.DB, account.user);
    if (days > plan.historyDays) {
      throw new ApiError(403, "plan_limit", `Your ${plan.name} plan shows ${plan.historyDays} days of rank history.${upgradeHint(plan)}`);
    }
  }

  const now = Date.now();
  const points = await rankHistory(c.var.services.history, asin, marketplace, utcDay(now - (days - 1) * DAY_MS), utcDay(now));
  const body: HistoryResponse = { asin, marketplace, range, days, points, velocity: rankVelocity(points) };
  return c.json(body, 200);
});

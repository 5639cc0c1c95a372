import { createRoute, OpenAPIHono, z } from "@hono/zod-openapi";
import type { Context } from "hono";
import { planOfUser } from "../billing/user-plan";
import { allUnavailable, compareItems, compareLimitOf, compareRefusal, retryAfterOf } from "../compare/compare-rules";
import { compareQuerySchema, splitAsins } from "../compare/compare-query";
import { lookupForCompare } from "../compare/compare-service";
import type { ComparePlan, CompareResponse } from "../contract/compare";
import type { Marketplace } from "../contract/marketplaces";
import { FREE_PLAN, type Plan } from "../contract/plans";
import type { AppEnv } from "../env";
import { limitExceededDetail, rateLimitHeaders } from "../ratelimit/lookup-limit";
import type { WindowDecision } from "../ratelimit/window";
import { validationDetails } from "../validation";
import { SECURITY_SCHEME } from "../openapi/responses";
import { errorSchema, lookupResultSchema, validationErrorSchema } from "../openapi/schemas";

const compareSchema = z
  .object({
    marketplace: z.string(),
    items: z.array(
      z.union([
        z.object({ asin: z.string(), ok: z.literal(true), product: lookupResultSchema }),
        z.object({
          asin: z.string(),
          ok: z.literal(false),
          error: z.enum(["not_found", "not_accessible", "unavailable"]),
          detail: z.string(),
        }),
      ]),
    ),
  })
  .openapi("CompareResponse");

const answer = <T extends z.ZodType>(description: string, schema: T) => ({
  description,
  content: { "application/json": { schema } },
});

/** A key, a session, or nobody: anonymous callers compare within the Free plan. */
const COMPARE_SECURITY: Record<string, string[]>[] = [{ [SECURITY_SCHEME]: [] }, {}];

const route = createRoute({
  method: "get",
  path: "/",
  operationId: "compare",
  tags: ["Lookup"],
  summary: "Compare up to 10 ASINs side by side",
  description:
    "The lookup answer of each ASIN in the order given (repeats dropped), with per-ASIN errors. Each ASIN counts as one lookup against the Free monthly allowance.",
  security: COMPARE_SECURITY,
  request: { query: compareQuerySchema },
  responses: {
    200: answer("One item per ASIN.", compareSchema),
    403: answer("More ASINs or another marketplace than the plan allows.", errorSchema),
    422: answer("Bad input.", validationErrorSchema),
    429: answer("Lookup allowance used up (Retry-After).", errorSchema),
    503: answer("Amazon failed for every ASIN (Retry-After).", errorSchema),
  },
});

const planSchema = z
  .object({
    plan: z.enum(["free", "pro", "enterprise"]),
    planName: z.string(),
    compareLimit: z.number(),
    marketplaces: z.array(z.string()),
    historyDays: z.number(),
    exportsPerDay: z.number().nullable(),
  })
  .openapi("ComparePlan");

const planRoute = createRoute({
  method: "get",
  path: "/plan",
  operationId: "comparePlan",
  tags: ["Lookup"],
  summary: "What the caller's plan allows in a compare",
  security: COMPARE_SECURITY,
  responses: { 200: answer("The caller's compare limits.", planSchema) },
});

async function planOf(c: Context<AppEnv>): Promise<Plan> {
  const account = c.get("account");
  return account ? planOfUser(c.env.DB, account.user) : FREE_PLAN;
}

/** Takes one lookup per ASIN, or none when the allowance cannot cover them all. */
async function takeLookups(c: Context<AppEnv>, count: number): Promise<WindowDecision> {
  const peek = await c.var.services.quota.peekLookup(c.req.raw);
  if (!peek.allowed || peek.remaining < count) return { ...peek, allowed: false, exceeded: peek.exceeded ?? "month" };
  let decision = peek;
  for (let i = 0; i < count; i += 1) {
    decision = await c.var.services.quota.takeLookup(c.req.raw);
    if (!decision.allowed) break;
  }
  return decision;
}

/** GET / (documented in the OpenAPI document) and GET /plan, the form's view of the caller's plan. */
export const compareRoutes = new OpenAPIHono<AppEnv>();

compareRoutes.openapi(planRoute, async (c) => {
  const plan = await planOf(c);
  c.header("Cache-Control", "private, no-store");
  const body: ComparePlan = {
    plan: plan.id,
    planName: plan.name,
    compareLimit: compareLimitOf(plan),
    marketplaces: [...plan.marketplaces],
    historyDays: plan.historyDays,
    exportsPerDay: plan.exportsPerDay,
  };
  return c.json(body, 200);
});

compareRoutes.openapi(
  route,
  async (c) => {
    const query = c.req.valid("query");
    const asins = [...new Set(splitAsins(query.asins))];
    const marketplace = query.marketplace as Marketplace;
    c.header("Cache-Control", "private, no-store");

    const plan = await planOf(c);
    const refusal = compareRefusal(plan, asins, marketplace);
    if (refusal) return c.json({ detail: refusal }, 403);

    // Plans with a monthly lookup cap pay one lookup per ASIN, as if each were looked up alone.
    if (plan.lookupsPerMonth !== null) {
      const decision = await takeLookups(c, asins.length);
      for (const [name, value] of Object.entries(rateLimitHeaders(decision))) c.header(name, value);
      if (!decision.allowed) {
        c.header("Retry-After", String(decision.resetSeconds));
        const detail =
          decision.exceeded === "month" && decision.remaining > 0
            ? `This compare needs ${asins.length} lookups and ${decision.remaining} are left this month. Remove some ASINs or upgrade to Pro.`
            : limitExceededDetail(decision, c.var.services.quota.lookupLimits);
        return c.json({ detail }, 429);
      }
    }

    const outcomes = await lookupForCompare(c.var.services, c.executionCtx, asins, marketplace);
    if (allUnavailable(outcomes)) {
      c.header("Retry-After", String(retryAfterOf(outcomes) ?? 30));
      return c.json({ detail: "Product data is temporarily unavailable. Please try again shortly." }, 503);
    }
    const body: CompareResponse = { marketplace, items: compareItems(asins, outcomes) };
    return c.json(body, 200);
  },
  (result, c) => {
    if (!result.success) return c.json({ detail: validationDetails("query", result.error) }, 422);
  },
);

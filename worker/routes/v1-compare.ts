import { createRoute } from "@hono/zod-openapi";
import type { Context } from "hono";
import type { AppEnv } from "../env";
import * as z from "../openapi/zod";
import { compareReceipt, giveBackFailedCompare, takeCompareLookups, type CompareCharge } from "../compare/compare-lookups";
import { breakdownItems, breakdownRefusal, compareItems, compareLimitOf, compareOutage, compareRefusal } from "../compare/compare-rules";
import { breakdownQuerySchema, compareQuerySchema } from "../compare/compare-query";
import type { ComparePlan, CompareResponse, MarketplaceBreakdown } from "../contract/compare";
import { LOOKUP_MARKETPLACES, type Marketplace } from "../contract/marketplaces";
import type { LookupOutcome } from "../lookup/lookup-service";
import { lookupResultSchema } from "../contract/product";
import { commonErrors, failure, KEY_OR_ANONYMOUS, ok, retryAfter } from "../openapi/responses";
import { createRouter } from "../openapi/router";
import { rateLimitFields } from "../contract/rate-limit-fields";
import { ApiError } from "../shared/api-error";
import { callerPlan } from "./caller-plan";
import { headAnswer } from "../shared/head-answer";

const lookupError = z.enum(["not_found", "not_accessible", "unavailable"]);

const compareSchema: z.ZodType<CompareResponse> = z
  .object({
    marketplace: z.enum(LOOKUP_MARKETPLACES),
    items: z.array(
      z.union([
        z.object({ asin: z.string(), ok: z.literal(true), product: lookupResultSchema }),
        z.object({
          asin: z.string(),
          ok: z.literal(false),
          error: lookupError,
          detail: z.string(),
        }),
      ]),
    ),
    exportReceipt: z.string().optional().openapi({
      description:
        "What this compare paid for: pass it as `receipt` to GET /api/exports/compare within the hour, and the export takes no lookup for these ASINs again. Absent when the compare took no lookup (a key's).",
    }),
  })
  .openapi("CompareResponse");

const route = createRoute({
  method: "get",
  path: "/",
  operationId: "compare",
  tags: ["Products"],
  summary: "Compare up to 10 ASINs side by side",
  description:
    "The lookup answer of each ASIN in the order given (repeats dropped), with per-ASIN errors. Amazon product URLs may stand for ASINs: " +
    "without `marketplace`, the marketplace their host names is used. On a plan with a monthly lookup cap, each ASIN counts as one lookup of it.",
  security: KEY_OR_ANONYMOUS,
  request: { query: compareQuerySchema },
  responses: {
    200: ok("One item per ASIN.", compareSchema),
    ...commonErrors,
    403: failure("More ASINs or another marketplace than the plan allows, or a key of an account whose plan has no API access."),
    429: failure("Lookup allowance used up, or past the hourly limit of the account's keys.", retryAfter),
    503: failure("Amazon failed for every ASIN.", retryAfter),
  },
});

const planSchema: z.ZodType<ComparePlan> = z
  .object({
    plan: z.enum(["free", "pro", "agency", "enterprise"]),
    planName: z.string(),
    compareLimit: z.number(),
    marketplaces: z.array(z.enum(LOOKUP_MARKETPLACES)),
    historyDays: z.number(),
    exportsPerDay: z.number().nullable(),
  })
  .openapi("ComparePlan");

const planRoute = createRoute({
  method: "get",
  path: "/plan",
  operationId: "comparePlan",
  tags: ["Products"],
  summary: "What the caller's plan allows in a compare",
  security: KEY_OR_ANONYMOUS,
  responses: { 200: ok("The caller's compare limits.", planSchema), ...commonErrors },
});

const breakdownSchema: z.ZodType<MarketplaceBreakdown> = z
  .object({
    asin: z.string(),
    items: z.array(
      z.union([
        z.object({ marketplace: z.enum(LOOKUP_MARKETPLACES), ok: z.literal(true), product: lookupResultSchema }),
        z.object({ marketplace: z.enum(LOOKUP_MARKETPLACES), ok: z.literal(false), error: lookupError, detail: z.string() }),
      ]),
    ),
  })
  .openapi("MarketplaceBreakdown");

const breakdownRoute = createRoute({
  method: "get",
  path: "/marketplaces",
  operationId: "compareMarketplaces",
  tags: ["Products"],
  summary: "One product in every marketplace of the plan (Pro)",
  description:
    "The lookup answer of one ASIN in each marketplace the caller's plan covers, in that order, with per-marketplace errors (a product not sold in a marketplace is `not_found` or `not_accessible` there). Each marketplace counts as one lookup, as in a compare.",
  security: KEY_OR_ANONYMOUS,
  request: { query: breakdownQuerySchema },
  responses: {
    200: ok("One item per marketplace of the plan.", breakdownSchema),
    ...commonErrors,
    403: failure("A plan with one marketplace (Free), or a key of an account whose plan has no API access."),
    429: failure("Lookup allowance used up, or past the hourly limit of the account's keys.", retryAfter),
    503: failure("Amazon failed in every marketplace.", retryAfter),
  },
});

/** The charge's rate-limit fields on the answer; a 429 when the allowance could not cover it. */
function refuseOverLimit(c: Context<AppEnv>, charge: CompareCharge | null): void {
  if (!charge?.decision) return;
  for (const [name, value] of Object.entries(rateLimitFields(charge.decision))) c.header(name, value);
  if (charge.refusal) throw new ApiError(429, "rate_limited", charge.refusal, { "Retry-After": String(charge.decision.resetSeconds) });
}

/** A 503 when Amazon failed for every item: a table of errors alone is no answer. */
function refuseOutage(outcomes: ReadonlyMap<string, LookupOutcome>): void {
  const outage = compareOutage(outcomes);
  if (outage) throw new ApiError(503, "upstream_unavailable", outage.detail, { "Retry-After": String(outage.retryAfterSeconds) });
}

/** GET /, GET /plan (the form's view of the caller's plan) and GET /marketplaces (the breakdown). */
export const compareRoutes = createRouter()
  .openapi(planRoute, async (c) => {
    const plan = await callerPlan(c);
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
  })
  .openapi(route, async (c) => {
    const { asins, marketplace } = c.req.valid("query");
    const { lookups } = c.get("services");
    c.header("Cache-Control", "private, no-store");

    const plan = await callerPlan(c);
    const refusal = compareRefusal(plan, asins, marketplace);
    if (refusal) throw new ApiError(403, "plan_limit", refusal);

    if (c.req.method === "HEAD") return headAnswer(c);

    // One lookup per ASIN, as if each were looked up alone, from the same allowance as the lookup itself.
    const charge = await takeCompareLookups(c, asins);
    refuseOverLimit(c, charge);

    const outcomes = await lookups.many(c.executionCtx, asins, marketplace);
    giveBackFailedCompare(c, charge, outcomes);
    refuseOutage(outcomes);
    const exportReceipt = await compareReceipt(c, charge, marketplace, outcomes);
    const body: CompareResponse = { marketplace, items: compareItems(asins, outcomes), ...(exportReceipt ? { exportReceipt } : {}) };
    return c.json(body, 200);
  })
  .openapi(breakdownRoute, async (c) => {
    const { asin } = c.req.valid("query");
    c.header("Cache-Control", "private, no-store");
    const plan = await callerPlan(c);
    const refusal = breakdownRefusal(plan);
    if (refusal) throw new ApiError(403, "plan_limit", refusal);
    if (c.req.method === "HEAD") return headAnswer(c);

    // One lookup per marketplace, as a compare takes one per ASIN.
    const marketplaces = [...plan.marketplaces];
    const charge = await takeCompareLookups(c, marketplaces);
    refuseOverLimit(c, charge);
    const { lookups } = c.get("services");
    const outcomes = new Map<Marketplace, LookupOutcome>(await Promise.all(marketplaces.map(async (marketplace) => [marketplace, await lookups.one(c.executionCtx, asin, marketplace)] as const)));
    giveBackFailedCompare(c, charge, outcomes);
    refuseOutage(outcomes);
    const body: MarketplaceBreakdown = { asin, items: breakdownItems(marketplaces, outcomes) };
    return c.json(body, 200);
  });

import { createRoute } from "@hono/zod-openapi";
import type { Context, MiddlewareHandler } from "hono";
import { upgradeHint } from "../contract/billing";
import { HISTORY_RANGE_DAYS } from "../contract/history-ranges";
import { lookupQuerySchema } from "../contract/lookup-query";
import { lookupResultSchema } from "../contract/product";
import type { AppEnv } from "../env";
import { assertHistoryDaysAllowed, historyAnswer } from "../history/history-answer";
import type { LookupPayer } from "../lookup/lookup-use-case";
import { commonErrors, failure, KEY_OR_ANONYMOUS, notFound, ok, retryAfter } from "../openapi/responses";
import { withParseMemo } from "../openapi/parse-memo";
import { createRouter } from "../openapi/router";
import { rateLimitFields } from "../contract/rate-limit-fields";
import { limitExceededDetail } from "../ratelimit/lookup-limit";
import { ApiError } from "../shared/api-error";
import { headAnswer } from "../shared/head-answer";

/** A key request was counted against the account's hourly key limit already (key middleware). */
const paysPerLookup = (c: Context<AppEnv>) => !c.get("apiKey");

/** Rejected input costs no quota, but its answer still reports the caller's limits. */
const reportLimits: MiddlewareHandler<AppEnv> = async (c, next) => {
  await next();
  if (paysPerLookup(c) && !c.res.headers.has("RateLimit")) {
    const { lookups } = c.get("services");
    const decision = await lookups.peek(await lookups.payerOf(c.req.raw, c.get("account") ?? null));
    for (const [name, value] of Object.entries(rateLimitFields(decision))) c.res.headers.set(name, value);
  }
};

const route = createRoute({
  method: "get",
  path: "/",
  operationId: "lookup",
  tags: ["Products"],
  summary: "Look up one ASIN",
  description:
    "Best Sellers Rank, price, offers and category of one product. Anonymous callers share the monthly free quota of their IP; with a key it counts against the hourly key limit. With `history`, the answer also carries the rank history of those days (as GET /api/v1/history, under its plan rules) at no extra cost.",
  security: KEY_OR_ANONYMOUS,
  middleware: [reportLimits] as const,
  // The lookups of a busy ASIN repeat one query string: parsed once, answered from memory after.
  request: { query: withParseMemo(lookupQuerySchema) },
  responses: {
    200: ok("The product.", lookupResultSchema),
    404: notFound("product (unknown ASIN)"),
    503: failure("Amazon is failing and no copy under 24 h old exists.", retryAfter),
    ...commonErrors,
  },
});

/** One product lookup: the caller's quota, then the lookup use case (cache, source, log, history). */
export const lookupRoutes = createRouter().openapi(route, async (c) => {
    const { asin, marketplace, history: historyRange } = c.req.valid("query");
    const { lookups, history } = c.get("services");
    c.header("Cache-Control", "no-store");
    // Checked before the quota is taken: a history the plan does not show costs no lookup.
    const historyDays = historyRange ? HISTORY_RANGE_DAYS[historyRange] : null;
    if (historyRange && historyDays) await assertHistoryDaysAllowed(c.env.DB, c.get("account"), historyDays, true);
    if (c.req.method === "HEAD") return headAnswer(c);
    let payer: LookupPayer | null = null;
    if (paysPerLookup(c)) {
      payer = await lookups.payerOf(c.req.raw, c.get("account") ?? null);
      const decision = await lookups.take(payer, 1);
      for (const [name, value] of Object.entries(rateLimitFields(decision))) c.header(name, value);
      if (!decision.allowed) {
        const hint = decision.exceeded === "month" && payer.plan ? upgradeHint(payer.plan) : "";
        throw new ApiError(429, "rate_limited", limitExceededDetail(decision, payer.client.limits) + hint, {
          "Retry-After": String(decision.resetSeconds),
        });
      }
    }
    const outcome = await lookups.one(c.executionCtx, asin, marketplace);
    if (outcome.ok) {
      if (!historyRange || !historyDays) return c.json(outcome.result, 200);
      return c.json({ ...outcome.result, history: await historyAnswer(history, { asin, marketplace, range: historyRange, days: historyDays }) }, 200);
    }
    if (payer) lookups.giveBackFailed(c.executionCtx, payer, [outcome]);
    const headers: Record<string, string> = outcome.retryAfterSeconds ? { "Retry-After": String(outcome.retryAfterSeconds) } : {};
    throw new ApiError(outcome.status, outcome.status === 404 ? "not_found" : "upstream_unavailable", outcome.detail, headers);
  });

import { type Context, Hono } from "hono";
import type { AppEnv } from "../env";
import { recordLookupPoint } from "../history/lookup-point";
import { logLookup } from "../lookup/lookup-log-store";
import { lookupProduct } from "../lookup/lookup-service";
import { limitExceededDetail, type LookupClient, rateLimitHeaders } from "../ratelimit/lookup-limit";
import { planOfUser } from "../billing/user-plan";
import { upgradeHint } from "../contract/billing";
import type { Plan } from "../contract/plans";
import { lookupQuerySchema } from "../contract/lookup";
import { zodValidator } from "../validation";

/** Anonymous callers are counted by address; a signed-in user by account, under their plan. */
async function lookupClientOf(c: Context<AppEnv>): Promise<{ client: Request | LookupClient; plan: Plan | null }> {
  const account = c.get("account");
  if (!account) return { client: c.req.raw, plan: null };
  const plan = await planOfUser(c.env.DB, account.user);
  return { client: c.var.services.quota.userLookupClient(account.user.id, plan.lookupsPerMonth), plan };
}

/** One product lookup: the client's quota, the 24-hour cache, then the product source. */
export const lookupRoutes = new Hono<AppEnv>()
  // Rejected input costs no quota, but its answer still reports the client's limits.
  .use("/", async (c, next) => {
    await next();
    // A key request reports its hourly key limit instead (set by the key middleware).
    if (!c.get("apiKey") && !c.res.headers.has("RateLimit-Limit")) {
      const decision = await c.var.services.quota.peekLookup((await lookupClientOf(c)).client);
      for (const [name, value] of Object.entries(rateLimitHeaders(decision))) c.res.headers.set(name, value);
    }
  })
  .get("/", zodValidator("query", lookupQuerySchema), async (c) => {
    const started = Date.now();
    const { asin, marketplace } = c.req.valid("query");

    c.header("Cache-Control", "no-store");
    // With an API key the request was counted against the account's hourly key limit already.
    if (!c.get("apiKey")) {
      const { client, plan } = await lookupClientOf(c);
      const decision = await c.var.services.quota.takeLookup(client);
      for (const [name, value] of Object.entries(rateLimitHeaders(decision))) c.header(name, value);
      if (!decision.allowed) {
        c.header("Retry-After", String(decision.resetSeconds));
        const limits = client instanceof Request ? c.var.services.quota.lookupLimits : client.limits;
        const hint = decision.exceeded === "month" && plan ? upgradeHint(plan) : "";
        return c.json({ detail: limitExceededDetail(decision, limits) + hint }, 429);
      }
    }

    const outcome = await lookupProduct(
      {
        source: c.var.services.sources.product(marketplace),
        cache: c.var.services.lookupCache,
        now: Date.now,
        refreshAfterMs: c.var.services.config.vars.LOOKUP_REFRESH_AFTER_SECONDS * 1000,
      },
      asin,
      marketplace,
    );

    const status = outcome.ok ? 200 : outcome.status;
    logLookup(c.env.DB, c.executionCtx, {
      asin,
      marketplace,
      status,
      source: outcome.ok ? outcome.result.source : null,
      durationMs: Date.now() - started,
    }, c.var.services.config.vars.LOOKUP_LOG_FLUSH_MS);

    if (outcome.ok) {
      recordLookupPoint(c.var.services.history, c.executionCtx, outcome);
      return c.json(outcome.result, 200);
    }
    if (outcome.retryAfterSeconds) c.header("Retry-After", String(outcome.retryAfterSeconds));
    return c.json({ detail: outcome.detail }, outcome.status);
  });

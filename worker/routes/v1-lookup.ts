import { Hono } from "hono";
import { configOf } from "../config";
import type { AppEnv } from "../env";
import { recordLookupSnapshot } from "../history/lookup-snapshot";
import { LookupCache } from "../lookup/cache";
import { logLookup } from "../lookup/lookup-log-store";
import { lookupProduct } from "../lookup/lookup-service";
import { productSourceFor } from "../upstreams/creators/select";
import { limitExceededDetail, lookupLimits, peekLookup, rateLimitHeaders, takeLookup } from "../ratelimit/lookup-limit";
import { lookupQuerySchema } from "../contract/lookup";
import { zodValidator } from "../validation";

/** One product lookup: the client's quota, the 24-hour cache, then the product source. */
export const lookupRoutes = new Hono<AppEnv>()
  // Rejected input costs no quota, but its answer still reports the client's limits.
  .use("/", async (c, next) => {
    await next();
    // A key request reports its hourly key limit instead (set by the key middleware).
    if (!c.get("apiKey") && !c.res.headers.has("RateLimit-Limit")) {
      const decision = await peekLookup(c.env, c.req.raw);
      for (const [name, value] of Object.entries(rateLimitHeaders(decision))) c.res.headers.set(name, value);
    }
  })
  .get("/", zodValidator("query", lookupQuerySchema), async (c) => {
    const started = Date.now();
    const { asin, marketplace } = c.req.valid("query");

    c.header("Cache-Control", "no-store");
    // With an API key the request was counted against the account's hourly key limit already.
    if (!c.get("apiKey")) {
      const decision = await takeLookup(c.env, c.req.raw);
      for (const [name, value] of Object.entries(rateLimitHeaders(decision))) c.header(name, value);
      if (!decision.allowed) {
        c.header("Retry-After", String(decision.resetSeconds));
        return c.json({ detail: limitExceededDetail(decision, lookupLimits(c.env)) }, 429);
      }
    }

    const outcome = await lookupProduct(
      {
        source: productSourceFor(c.env, marketplace),
        cache: new LookupCache(c.env.LOOKUP_CACHE),
        now: Date.now,
        refreshAfterMs: configOf(c.env).vars.LOOKUP_REFRESH_AFTER_SECONDS * 1000,
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
    });

    if (outcome.ok) {
      recordLookupSnapshot(c.env, c.executionCtx, outcome);
      return c.json(outcome.result, 200);
    }
    if (outcome.retryAfterSeconds) c.header("Retry-After", String(outcome.retryAfterSeconds));
    return c.json({ detail: outcome.detail }, outcome.status);
  });

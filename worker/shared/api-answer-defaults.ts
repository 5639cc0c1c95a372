import type { MiddlewareHandler } from "hono";

/**
 * What every API answer carries unless its route says otherwise.
 * - `Cache-Control: no-store`: answers are an account's data or live figures, so one that names
 *   none (a 422 or 401 thrown before the handler set its header, an unknown path's 404, a route
 *   that forgot) is kept by no browser or shared cache. Routes that may be kept say so (the
 *   plans' prices, sample images, logos).
 * - `X-Robots-Tag: noindex`: crawlers may fetch the API (indexed pages render from it) but its JSON
 *   never belongs in search results.
 */
export const apiAnswerDefaults: MiddlewareHandler = async (c, next) => {
  await next();
  if (!c.res.headers.has("Cache-Control")) c.res.headers.set("Cache-Control", "no-store");
  c.res.headers.set("X-Robots-Tag", "noindex");
};

import type { MiddlewareHandler } from "hono";

/**
 * API answers are an account's data or live figures unless a route says otherwise (the plans'
 * prices, sample images, logos): an answer that names no Cache-Control gets `no-store`, so no
 * browser or shared cache keeps it. Errors too: a 422 or 401 thrown before the route's handler
 * set its header, an unknown path's 404.
 */
export const noStoreByDefault: MiddlewareHandler = async (c, next) => {
  await next();
  if (!c.res.headers.has("Cache-Control")) c.res.headers.set("Cache-Control", "no-store");
};

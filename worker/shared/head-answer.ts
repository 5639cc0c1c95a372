import type { Context } from "hono";

/**
 * The answer to a HEAD (a link checker, `curl -I`, a download manager's probe) of a route whose GET
 * spends a lookup, an export or Amazon's calls: checked like the GET up to here, then told the
 * answer's type, with no work done and no quota spent. Hono runs GET handlers for HEAD, so the route asks first.
 * Typed `never`: the route declares its JSON body, which a HEAD never carries.
 */
export function headAnswer(c: Context, contentType = "application/json"): never {
  c.header("Content-Type", contentType);
  return c.body(null, 200) as never;
}

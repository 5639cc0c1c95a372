import type { Context } from "hono";

/**
 * The answer to a HEAD (a link checker, `curl -I`) of a route whose GET spends a lookup or reaches
 * Amazon: checked like the GET up to here, then told the answer's type, with no work done and no
 * quota spent, as an export's HEAD. Hono runs GET handlers for HEAD, so the route asks first.
 * Typed `never`: the route declares its JSON body, which a HEAD never carries.
 */
export function headAnswer(c: Context): never {
  c.header("Content-Type", "application/json");
  return c.body(null, 200) as never;
}

import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { app } from "../../../worker/app";
import type { Bindings } from "../../../worker/env";

export { createKey, proDemo, sellerOnPlan } from "./support";

/** A key request under the given bindings (e.g. live Creators credentials). */
export async function withKeyUnder(bindings: Bindings, key: string, path: string): Promise<Response> {
  const ctx = createExecutionContext();
  const res = await app.request(path, { headers: { Authorization: `Bearer ${key}` } }, bindings, ctx);
  await waitOnExecutionContext(ctx);
  return res;
}

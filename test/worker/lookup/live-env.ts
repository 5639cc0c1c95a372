import { createExecutionContext, env, waitOnExecutionContext } from "cloudflare:test";
import { app } from "../../../worker/app";
import type { Bindings } from "../../../worker/env";

/** Bindings with NA Creators credentials (the single-credential variables), against the fake upstream. */
export function liveEnv(clientId: string, overrides: Partial<Bindings> = {}): Bindings {
  return {
    ...env,
    CREATORS_CREDENTIAL_ID: clientId,
    CREATORS_CREDENTIAL_SECRET: "s3cret",
    CREATORS_PARTNER_TAG: "ranklayer-20",
    CREATORS_CREDENTIAL_VERSION: "3.1",
    ...overrides,
  };
}

/** GET /api/v1/lookup as one client (its own rate-limit key), the execution context drained. */
export async function lookup(query: string, bindings: Bindings, client = crypto.randomUUID()): Promise<Response> {
  const ctx = createExecutionContext();
  const res = await app.request(`/api/v1/lookup?${query}`, { headers: { "CF-Connecting-IP": `live-${client}` } }, bindings, ctx);
  await waitOnExecutionContext(ctx);
  return res;
}

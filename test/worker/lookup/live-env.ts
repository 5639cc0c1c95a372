import { createExecutionContext, env, waitOnExecutionContext } from "cloudflare:test";
import { app } from "../../../worker/app";
import type { Bindings } from "../../../worker/env";

/**
 * Bindings with NA Creators credentials (the single-credential variables) and each NA store's own
 * partner tag (`ranklayer-20` is amazon.com's), against the fake upstream.
 */
export function liveEnv(clientId: string, overrides: Partial<Bindings> = {}): Bindings {
  return {
    ...env,
    CREATORS_CREDENTIAL_ID: clientId,
    CREATORS_CREDENTIAL_SECRET: "s3cret",
    CREATORS_US_PARTNER_TAG: "ranklayer-20",
    CREATORS_CA_PARTNER_TAG: "ranklayer-ca-20",
    CREATORS_MX_PARTNER_TAG: "ranklayer-mx-20",
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

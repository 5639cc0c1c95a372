import type { LookupResult } from "@contract/product";
import { responseData } from "./response-data";
import { api } from "./client";

/** GET /api/v1/lookup. Throws ApiError on a non-2xx response. */
export async function fetchLookup(asin: string, marketplace: string, signal: AbortSignal): Promise<LookupResult> {
  return responseData(
    // Sent as typed, not checked here: the Worker validates both, and its 422 names the
    // field and the rule, which is the message the user should see.
    api.api.v1.lookup.$get({ query: { asin, marketplace } }, { init: { signal } }),
  );
}

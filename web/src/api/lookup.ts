import type { LookupResult } from "../../../worker/contract/product";
import { ApiError } from "./api-error";
import { api } from "./client";

/** GET /api/v1/lookup. Throws ApiError on a non-2xx response. */
export async function fetchLookup(asin: string, marketplace: string, signal: AbortSignal): Promise<LookupResult> {
  const response = await api.api.v1.lookup.$get(
    // Sent as typed: the Worker validates both and its 422 is what the user sees (spec §5).
    { query: { asin, marketplace } },
    { init: { signal } },
  );
  // apiFetch has already thrown for non-2xx; this narrows the typed union to the 200 body.
  if (!response.ok) throw new ApiError(response.status, undefined);
  return response.json();
}

import { useEffect, useState } from "react";
import type { LookupResult } from "@contract/product";
import { ApiError, errorMessage, liftedByPlan } from "../../api/api-error";
import { fetchLookup } from "../../api/lookup";
import { startRequest } from "../../api/start-request";
import { trackEvent } from "../../lib/analytics";
import { useDataSource } from "../../state/data-source";
import { mayPassOnRetry } from "../../api/retry";

const FALLBACK_ERROR = "Something went wrong - try again or contact support.";

export type LookupState =
  | { status: "loading" }
  /** `limited`: refused by the plan or its monthly lookups (403, 429), which a plan or a sign-in lifts and another ASIN does not; not the per-minute limit, which waiting lifts. */
  | { status: "error"; message: string; limited: boolean; retryable: boolean }
  | { status: "success"; result: LookupResult };

/**
 * Looks the product up, again whenever asin or marketplace changes, or on `retry` (the same
 * ASIN after a failure); the previous request is aborted so a slow old answer never replaces a
 * newer one.
 */
export function useLookup(asin: string, marketplace: string): [LookupState, retry: () => void] {
  const [state, setState] = useState<LookupState>({ status: "loading" });
  const [attempt, setAttempt] = useState(0);
  const { setSource } = useDataSource();

  useEffect(() => {
    setState({ status: "loading" });
    const cancel = startRequest(
      (signal) => fetchLookup(asin, marketplace, signal),
      (result) => {
        setState({ status: "success", result });
        setSource(result.source);
        trackEvent("result_viewed", { asin: result.asin, marketplace: result.marketplace, source: result.source });
      },
      (error) => {
        const status = error instanceof ApiError ? error.status : undefined;
        setState({ status: "error", message: errorMessage(error, FALLBACK_ERROR), limited: liftedByPlan(error), retryable: mayPassOnRetry(error) });
        trackEvent("api_error", { endpoint: "/api/v1/lookup", status, asin, marketplace });
      },
    );
    return () => {
      cancel();
      // The footer's badge is this result's: another page (a dashboard of mock rows, a compare) is not "Live".
      setSource(null);
    };
  }, [asin, marketplace, setSource, attempt]);

  return [state, () => setAttempt((count) => count + 1)];
}

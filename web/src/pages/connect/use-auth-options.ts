import { useEffect, useState } from "react";
import type { AccountMarketplace, AuthUrlResponse } from "@contract/account";
import { fetchAuthOptions } from "../../api/account";
import { startRequest } from "../../api/start-request";

/** Used when the auth URL cannot be loaded: a visitor can still try the product through the demo instead of meeting a dead end. */
const DEMO_FALLBACK: AuthUrlResponse = { authUrl: null, demoAvailable: true };

export interface AuthOptionsState {
  /** The last answer; null until the first one. */
  options: AuthUrlResponse | null;
  /** True while an answer for the current marketplace is on its way. */
  loading: boolean;
}

/**
 * GET /api/auth/url for the marketplace whose Seller Central the seller signs in to, again
 * when it changes; signed in, Amazon brings the visitor back to `next`. A failure is logged, never shown: the page offers the demo instead.
 */
export function useAuthOptions(marketplace: AccountMarketplace, next: string | null): AuthOptionsState {
  const [state, setState] = useState<AuthOptionsState>({ options: null, loading: true });

  useEffect(() => {
    setState((current) => ({ ...current, loading: true }));
    return startRequest(
      (signal) => fetchAuthOptions(marketplace, next, signal),
      (options) => setState({ options, loading: false }),
      (error) => {
        console.warn("Could not load the Amazon sign-in URL; offering the demo instead.", error);
        setState({ options: DEMO_FALLBACK, loading: false });
      },
    );
  }, [marketplace, next]);

  return state;
}

import { useEffect, useState } from "react";
import type { AuthUrlResponse } from "../../../../worker/schemas/account";
import { fetchAuthOptions } from "../../api/account";

/** Used when the auth URL cannot be loaded: the page falls back to the demo (spec §8). */
const DEMO_FALLBACK: AuthUrlResponse = { authUrl: null, demoAvailable: true };

/** GET /api/auth/url once per visit; null while it loads. A failure is logged, never shown. */
export function useAuthOptions(): AuthUrlResponse | null {
  const [options, setOptions] = useState<AuthUrlResponse | null>(null);

  useEffect(() => {
    const controller = new AbortController();
    fetchAuthOptions(controller.signal).then(
      (loaded) => {
        if (!controller.signal.aborted) setOptions(loaded);
      },
      (error: unknown) => {
        if (controller.signal.aborted) return;
        console.warn("Could not load the Amazon sign-in URL; offering the demo instead.", error);
        setOptions(DEMO_FALLBACK);
      },
    );
    return () => controller.abort();
  }, []);

  return options;
}

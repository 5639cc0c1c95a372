import { startTransition, useCallback, useEffect, useRef, useState } from "react";
import { errorMessage } from "./api-error";
import { startRequest } from "./start-request";

export type Resource<T> =
  | { status: "loading" }
  | { status: "error"; message: string | null }
  | { status: "success"; data: T };

/**
 * Loads `fetcher`'s data on mount and again on `reload()`, aborting the previous
 * request so a slow old answer never replaces a newer one. `fetcher` must be stable.
 * A reload keeps showing the data it has until the new answer arrives (a list stays put,
 * and keeps its focus, while it refreshes); a new fetcher starts from loading.
 * An error carries the server's detail text when it sent one.
 */
export function useResource<T>(fetcher: (signal: AbortSignal) => Promise<T>): [Resource<T>, () => void] {
  const [state, setState] = useState<Resource<T>>({ status: "loading" });
  const [attempt, setAttempt] = useState(0);
  const loadedFetcher = useRef(fetcher);

  useEffect(() => {
    const reloading = loadedFetcher.current === fetcher;
    loadedFetcher.current = fetcher;
    setState((current) => (reloading && current.status === "success" ? current : { status: "loading" }));
    // The answer renders as a transition: in slices, not one long task that blocks input.
    return startRequest(
      fetcher,
      (data) => startTransition(() => setState({ status: "success", data })),
      (error) => startTransition(() => setState({ status: "error", message: errorMessage(error) })),
    );
  }, [fetcher, attempt]);

  const reload = useCallback(() => setAttempt((n) => n + 1), []);
  return [state, reload];
}

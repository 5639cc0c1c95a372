import { startTransition, useCallback, useEffect, useRef, useState } from "react";
import { errorMessage } from "./api-error";
import { startRequest } from "./start-request";

/** `previous`: the last answer of an earlier fetcher, kept while a new one loads or after it failed (a page's filters keep their options). */
export type Resource<T> =
  | { status: "loading"; previous?: T }
  | { status: "error"; message: string | null; previous?: T }
  | { status: "success"; data: T };

/** The newest answer a resource holds: its data, or the one kept from before. */
export function latestData<T>(resource: Resource<T>): T | undefined {
  return resource.status === "success" ? resource.data : resource.previous;
}

/**
 * Loads `fetcher`'s data on mount and again on `reload()`, aborting the previous
 * request so a slow old answer never replaces a newer one. `fetcher` must be stable.
 * A reload keeps showing the data it has until the new answer arrives (a list stays put,
 * and keeps its focus, while it refreshes); a new fetcher starts from loading, the last answer
 * kept as `previous`.
 * An error carries the server's detail text when it sent one.
 */
export function useResource<T>(fetcher: (signal: AbortSignal) => Promise<T>): [Resource<T>, () => void] {
  const [state, setState] = useState<Resource<T>>({ status: "loading" });
  const [attempt, setAttempt] = useState(0);
  const loadedFetcher = useRef(fetcher);

  useEffect(() => {
    const reloading = loadedFetcher.current === fetcher;
    loadedFetcher.current = fetcher;
    setState((current) => (reloading && current.status === "success" ? current : { status: "loading", previous: latestData(current) }));
    // The answer renders as a transition: in slices, not one long task that blocks input.
    return startRequest(
      fetcher,
      (data) => startTransition(() => setState({ status: "success", data })),
      (error) => startTransition(() => setState((current) => ({ status: "error", message: errorMessage(error), previous: latestData(current) }))),
    );
  }, [fetcher, attempt]);

  const reload = useCallback(() => setAttempt((n) => n + 1), []);
  return [state, reload];
}

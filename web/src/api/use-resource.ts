import { useCallback, useEffect, useRef, useState } from "react";
import { errorMessage } from "./api-error";

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
    const controller = new AbortController();
    const reloading = loadedFetcher.current === fetcher;
    loadedFetcher.current = fetcher;
    setState((current) => (reloading && current.status === "success" ? current : { status: "loading" }));
    fetcher(controller.signal).then(
      (data) => {
        if (!controller.signal.aborted) setState({ status: "success", data });
      },
      (error: unknown) => {
        if (controller.signal.aborted) return;
        setState({ status: "error", message: errorMessage(error) });
      },
    );
    return () => controller.abort();
  }, [fetcher, attempt]);

  const reload = useCallback(() => setAttempt((n) => n + 1), []);
  return [state, reload];
}

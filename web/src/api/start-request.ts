/**
 * Starts `request` from an effect and returns the effect's cleanup. The cleanup aborts the
 * request, and once it is aborted neither callback runs, so a slow old answer never replaces
 * a newer one or lands after the component is gone. Pass `controller` to abort it from
 * elsewhere as well.
 */
export function startRequest<T>(
  request: (signal: AbortSignal) => Promise<T>,
  onData: (data: T) => void,
  onError: (error: unknown) => void,
  controller = new AbortController(),
): () => void {
  request(controller.signal).then(
    (data) => {
      if (!controller.signal.aborted) onData(data);
    },
    (error: unknown) => {
      if (!controller.signal.aborted) onError(error);
    },
  );
  return () => controller.abort();
}

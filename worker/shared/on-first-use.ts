/**
 * Where a value loaded once is kept: the value once loaded, and before that the load in flight.
 * A module (onFirstUse) keeps it in a closure; per-isolate data (the local session key) in an isolate slot.
 */
export interface LoadedOnce<Value> {
  loaded?: { value: Value };
  loading?: Promise<Value>;
}

/**
 * The value `held` keeps, loading it on the first call; concurrent first callers share one load,
 * and a failed load is tried again on the next call. Once loaded, the value itself is answered,
 * not the promise that loaded it: workerd ties a promise to the request that made it, and a later
 * request awaiting it goes through a cross-request executor (about 10 µs of CPU an await, sampled
 * with perf on 2026-11-28), where awaiting a plain value costs a microtask.
 */
export function loadOnce<Value>(held: LoadedOnce<Value>, load: () => Promise<Value>): Value | Promise<Value> {
  if (held.loaded) return held.loaded.value;
  return (held.loading ??= load().then(
    (value) => {
      held.loaded = { value };
      return value;
    },
    (error: unknown) => {
      held.loading = undefined;
      throw error;
    },
  ));
}

/**
 * A module loaded by its first caller and kept: `const load = onFirstUse(() => import("./x"))`,
 * then `(await load()).thing`. For code a request path imports on demand (docs/adr/0012-split-worker-build.md):
 * a repeated `import()` of a loaded module still costs a few microseconds a call (see loadOnce for
 * why the module itself is answered once loaded).
 */
export function onFirstUse<Module>(load: () => Promise<Module>): () => Module | Promise<Module> {
  const held: LoadedOnce<Module> = {};
  return () => loadOnce(held, load);
}

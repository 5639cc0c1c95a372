/**
 * A module loaded by its first caller and kept: `const load = onFirstUse(() => import("./x"))`,
 * then `(await load()).thing`. For code a request path imports on demand (docs/adr/0012-split-worker-build.md):
 * a repeated `import()` of a loaded module still costs a few microseconds a call. Once loaded, the
 * module itself is answered, not the promise that loaded it: workerd ties a promise to the request
 * that made it, and a later request awaiting it goes through a cross-request executor (about 10 µs
 * of CPU an await, sampled with perf on 2026-11-28), where awaiting a plain value costs a microtask.
 * A failed load is tried again on the next call.
 */
export function onFirstUse<Module>(load: () => Promise<Module>): () => Module | Promise<Module> {
  let loaded: { module: Module } | undefined;
  let loading: Promise<Module> | undefined;
  return () =>
    loaded
      ? loaded.module
      : (loading ??= load().then(
          (module) => {
            loaded = { module };
            return module;
          },
          (error: unknown) => {
            loading = undefined;
            throw error;
          },
        ));
}

/**
 * A module loaded by its first caller and kept: `const load = onFirstUse(() => import("./x"))`,
 * then `(await load()).thing`. For code a request path imports on demand (docs/adr/0012-split-worker-build.md):
 * a repeated `import()` of a loaded module still costs a few microseconds a call, where awaiting the
 * kept promise costs next to nothing. A failed load is tried again on the next call.
 */
export function onFirstUse<Module>(load: () => Promise<Module>): () => Promise<Module> {
  let loaded: Promise<Module> | undefined;
  return () =>
    (loaded ??= load().catch((error: unknown) => {
      loaded = undefined;
      throw error;
    }));
}

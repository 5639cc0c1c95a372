/**
 * jose, loaded on its first use. Lookups, most of the traffic, neither sign nor verify, so a
 * cold start does not parse its 44 KiB (docs/adr/0012-split-worker-build.md); the first
 * signed-in request of an isolate loads it once.
 */
export const joseOnDemand = () => import("jose");

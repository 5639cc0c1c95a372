/** The one internal export of @cloudflare/vitest-plugin the setup file uses (it ships no types for it). */
declare module "cloudflare:test-internal" {
  /** Waits for every waitUntil promise registered so far, in any request or execution context. */
  export function waitForGlobalWaitUntil(): Promise<void>;
}

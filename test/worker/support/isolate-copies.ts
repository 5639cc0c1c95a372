import { onTestFinished, vi } from "vitest";
import { KEY_CACHE_MS } from "../../../worker/api-keys/key-resolver";
import { SESSION_CACHE_MS } from "../../../worker/shared/session-copies";

/**
 * After a D1 row was changed by hand (not by a request of this isolate, which forgets what it
 * changes): moves this isolate's clock past its copies of API keys and sessions, as a request a
 * few seconds later, or in another isolate, would be. Real time again when the test ends.
 */
export function pastIsolateCopies(): void {
  const next = Date.now() + Math.max(KEY_CACHE_MS, SESSION_CACHE_MS) + 1;
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(next);
  onTestFinished(() => {
    vi.useRealTimers();
  });
}

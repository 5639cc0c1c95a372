import { onTestFinished, vi } from "vitest";
import { SESSION_CACHE_MS } from "../../../worker/auth/session-cache";

/**
 * After a D1 row was changed by hand (not by a request of this isolate, which forgets its copies
 * of sessions): moves this isolate's clock past those copies, as a request a few seconds
 * later, or in another isolate, would be. Real time again when the test ends.
 */
export function pastSessionCopies(): void {
  const next = Date.now() + SESSION_CACHE_MS + 1;
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(next);
  onTestFinished(() => {
    vi.useRealTimers();
  });
}

/**
 * Per-minute limits count in fixed clock minutes (worker/ratelimit/window.ts): a burst that must
 * fall within one minute starts with at least `spareMs` of the current minute left, or else
 * waits for the next minute to begin.
 */
export async function clearOfMinuteEnd(spareMs = 10_000): Promise<void> {
  const left = 60_000 - (Date.now() % 60_000);
  if (left < spareMs) await new Promise((resolve) => setTimeout(resolve, left + 50));
}

/** The same for per-hour limits (mail to chosen addresses): a burst starts with `spareMs` of the clock hour left. */
export async function clearOfHourEnd(spareMs = 20_000): Promise<void> {
  const left = 3_600_000 - (Date.now() % 3_600_000);
  if (left < spareMs) await new Promise((resolve) => setTimeout(resolve, left + 50));
}

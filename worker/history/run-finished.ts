import type { Bindings } from "../env";

/**
 * Called once when a day's snapshot run is done (the run that flips job_runs to done).
 * The alert check and notification delivery are wired in here by the integrator.
 */
export async function onRunFinished(_env: Bindings, day: string): Promise<void> {
  console.log(`snapshot ${day}: run finished`);
}

/** Time as the snapshot job sees it: real in the Worker, virtual in tests. */
export interface Clock {
  now(): number;
  sleep(ms: number): Promise<void>;
}

export const realClock: Clock = {
  now: () => Date.now(),
  sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
};

/**
 * Spaces upstream calls at least `intervalMs` apart and never starts one after the
 * invocation's deadline: a call that would have to wait past it is left for the next
 * invocation, which is scheduled at `nextAt`.
 */
export class Pacer {
  /** The earliest moment the next call may start. */
  nextAt: number;

  constructor(
    private readonly clock: Clock,
    private readonly intervalMs: number,
    private readonly deadline: number,
  ) {
    this.nextAt = clock.now();
  }

  /** Waits for the next slot and takes it; false (without waiting) when the slot is past the deadline. */
  async take(): Promise<boolean> {
    if (this.nextAt > this.deadline) return false;
    const wait = this.nextAt - this.clock.now();
    if (wait > 0) await this.clock.sleep(wait);
    this.nextAt = Math.max(this.nextAt, this.clock.now()) + this.intervalMs;
    return true;
  }
}


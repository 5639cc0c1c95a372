/**
 * A virtual clock for many concurrent async "processes" (the snapshot run of each region,
 * lookups): sleep() parks a process on a timer; run() advances time to the earliest timer once
 * every live process is parked, so simulated days pass in seconds and waits are exact.
 */
export class VirtualTime {
  now: number;
  private timers: { at: number; seq: number; wake: () => void }[] = [];
  private seq = 0;
  private live = 0;
  private parked = 0;

  constructor(start: number) {
    this.now = start;
  }

  readonly clock = {
    now: () => this.now,
    sleep: (ms: number) => this.sleepUntil(this.now + Math.max(0, ms)),
  };

  sleepUntil(at: number): Promise<void> {
    this.parked += 1;
    return new Promise((resolve) => {
      this.push({ at: Math.max(at, this.now), seq: this.seq++, wake: resolve });
    });
  }

  /** Starts a process; it counts as live until its promise settles. */
  spawn(task: () => Promise<void>): Promise<void> {
    this.live += 1;
    return task().finally(() => {
      this.live -= 1;
    });
  }

  /** Advances time until no process is left, or `until`. */
  async run(until = Number.POSITIVE_INFINITY): Promise<void> {
    for (;;) {
      // Let every awakened process run to its next sleep (or its end).
      for (let spins = 0; this.parked < this.live && spins < 10_000; spins++) await Promise.resolve();
      if (this.live === 0 || this.timers.length === 0) return;
      const next = this.pop();
      if (next.at > until) {
        this.push(next);
        return;
      }
      this.now = next.at;
      this.parked -= 1;
      next.wake();
    }
  }

  // A binary heap by (at, seq): a million timers stay cheap.
  private push(timer: { at: number; seq: number; wake: () => void }) {
    const heap = this.timers;
    heap.push(timer);
    for (let i = heap.length - 1; i > 0; ) {
      const parent = (i - 1) >> 1;
      if (before(heap[parent]!, heap[i]!)) break;
      [heap[parent], heap[i]] = [heap[i]!, heap[parent]!];
      i = parent;
    }
  }

  private pop() {
    const heap = this.timers;
    const top = heap[0]!;
    const last = heap.pop()!;
    if (heap.length) {
      heap[0] = last;
      for (let i = 0; ; ) {
        const l = 2 * i + 1;
        const r = l + 1;
        let m = i;
        if (l < heap.length && before(heap[l]!, heap[m]!)) m = l;
        if (r < heap.length && before(heap[r]!, heap[m]!)) m = r;
        if (m === i) break;
        [heap[m], heap[i]] = [heap[i]!, heap[m]!];
        i = m;
      }
    }
    return top;
  }
}

const before = (a: { at: number; seq: number }, b: { at: number; seq: number }) => a.at < b.at || (a.at === b.at && a.seq < b.seq);

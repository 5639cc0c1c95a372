import type { RunNotes } from "./slice";
import type { TrackedKey } from "./tracked-store";

/**
 * ASINs Amazon named unknown today while their batch's others are still to ask, kept in the run's
 * notes: a later slice (or a revisit) that starts at that batch again leaves them out, so it never
 * asks for them (nor counts them) twice, and always gets past them.
 */
export class UnknownToday {
  constructor(
    private readonly notes: RunNotes,
    private readonly day: string,
  ) {}

  private key(key: TrackedKey): string {
    return `${this.day}:unknown:${key.marketplace}:${key.asin}`;
  }

  async note(keys: readonly TrackedKey[]): Promise<void> {
    for (const key of keys) await this.notes.put(this.key(key), 1);
  }

  /** `batch` without the keys noted unknown today. */
  async without<K extends TrackedKey>(batch: readonly K[]): Promise<K[]> {
    const kept: K[] = [];
    for (const key of batch) if ((await this.notes.get(this.key(key))) === undefined) kept.push(key);
    return kept;
  }
}

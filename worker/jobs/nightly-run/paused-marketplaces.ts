import { LOOKUP_MARKETPLACES } from "../../contract/marketplaces";
import type { TrackedKey } from "./tracked-store";
import type { RunNotes } from "./slice";

/**
 * A wait for a batch token longer than this is a pause (a Retry-After on the region's
 * credential), not pacing: the run leaves that marketplace for later and goes on with the
 * others, so a paused region never holds up another region's snapshots.
 */
export const PAUSE_SKIP_MS = 60_000;

/**
 * ASINs are 10 upper-case letters and digits, whose text order is their base-36 order: a
 * position fits a note's number exactly (36^10 < 2^53). Notes keep numbers only.
 */
const asinNumber = (asin: string) => Number.parseInt(asin, 36);
const asinText = (n: number) => n.toString(36).toUpperCase().padStart(10, "0");

/** A marketplace left for later: revisit its keys after `after` once `until` has passed. */
export interface PausedMarketplace {
  marketplace: string;
  after: TrackedKey;
  until: number;
}

/** The marketplaces the products phase left for later, kept in the run's notes (lost notes only lose the revisit). */
export class PausedMarketplaces {
  constructor(
    private readonly notes: RunNotes,
    private readonly day: string,
  ) {}

  private key(marketplace: string, what: "until" | "after"): string {
    return `${this.day}:paused:${what}:${marketplace}`;
  }

  /** Leaves `marketplace` from `first` on (inclusive) until `until`. */
  async leave(marketplace: string, first: TrackedKey, until: number): Promise<void> {
    await this.notes.put(this.key(marketplace, "until"), until);
    await this.notes.put(this.key(marketplace, "after"), asinNumber(first.asin) - 1);
  }

  /** A revisit got past `done`: a later slice goes on after it. */
  async progress(done: TrackedKey): Promise<void> {
    await this.notes.put(this.key(done.marketplace, "after"), asinNumber(done.asin));
  }

  async finish(marketplace: string): Promise<void> {
    await this.notes.delete(this.key(marketplace, "until"));
    await this.notes.delete(this.key(marketplace, "after"));
  }

  /** Every marketplace left for later (the main pass passes over them: their revisit does them). */
  async all(): Promise<Set<string>> {
    const left = new Set<string>();
    for (const marketplace of LOOKUP_MARKETPLACES) if ((await this.notes.get(this.key(marketplace, "until"))) !== undefined) left.add(marketplace);
    return left;
  }

  /** The marketplace whose pause ends first, or null when none is left. */
  async next(): Promise<PausedMarketplace | null> {
    let first: PausedMarketplace | null = null;
    for (const marketplace of LOOKUP_MARKETPLACES) {
      const until = await this.notes.get(this.key(marketplace, "until"));
      const after = await this.notes.get(this.key(marketplace, "after"));
      if (until === undefined || after === undefined) continue;
      if (!first || until < first.until) first = { marketplace, after: { marketplace, asin: after < 0 ? "" : asinText(after) }, until };
    }
    return first;
  }
}

import { pastMarketplace, trackedAsinsPage, type TrackedKey, type TrackedProduct } from "./tracked-store";

const PAGE_SIZE = 200;

/** Tracked keys read ahead in pages, handed out in batches of one marketplace and one source (live or demo-only). */
export class TrackedBuffer {
  private buffered: TrackedProduct[] = [];
  private exhausted = false;

  /** `only`: a revisit of one marketplace, which ends where that marketplace's keys do. */
  constructor(
    private readonly db: D1Database,
    private after: TrackedKey | null,
    private readonly only?: string,
  ) {}

  /** Hands `again` out first (the others of a batch whose answer named one ASIN unknown). */
  putBack(again: TrackedProduct[]): void {
    this.buffered.unshift(...again);
  }

  /** Passes over the rest of `marketplace`'s keys (left for later). */
  skip(marketplace: string): void {
    if (this.only !== undefined) {
      this.exhausted = true;
      this.buffered = [];
      return;
    }
    this.buffered = this.buffered.filter((key) => key.marketplace !== marketplace);
    // The next page starts at the next marketplace.
    if (!this.after || this.after.marketplace <= marketplace) this.after = pastMarketplace(marketplace);
  }

  async nextBatch(size: number): Promise<TrackedProduct[]> {
    const batch = await this.readBatch(size);
    if (this.only !== undefined && batch[0]?.marketplace !== this.only) {
      this.exhausted = true;
      this.buffered = [];
      return [];
    }
    return batch;
  }

  private async readBatch(size: number): Promise<TrackedProduct[]> {
    if (this.buffered.length < size && !this.exhausted) {
      const page = await trackedAsinsPage(this.db, this.after, PAGE_SIZE);
      if (page.length < PAGE_SIZE) this.exhausted = true;
      if (page.length) this.after = page.at(-1)!;
      this.buffered.push(...page);
    }
    const first = this.buffered[0];
    const alike = (key: TrackedProduct) => key.marketplace === first?.marketplace && key.live === first.live;
    let count = 0;
    while (count < size && count < this.buffered.length && alike(this.buffered[count]!)) count += 1;
    return this.buffered.splice(0, count);
  }
}

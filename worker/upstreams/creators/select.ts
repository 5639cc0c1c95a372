import type { Bindings } from "../../env";
import { configOf, creatorsConfigFor } from "../../config";
import { LOOKUP_MARKETPLACES, MARKETPLACES, type Marketplace } from "../../contract/marketplaces";
import { durableBudget, unlimitedBudget, type BudgetClient } from "../budget/budget-client";
import { creatorsBucket, type BucketLimits } from "../budget/token-bucket";
import { BudgetedProductSource, type BudgetClock } from "./budgeted";
import { CreatorsProductSource } from "./client";
import { MockProductSource } from "./mock";
import type { ItemOutcome, ProductSource } from "./product-source";

/** The rate and burst of a Creators credential (vars CREATORS_REQUESTS_PER_SECOND, CREATORS_BURST). */
export function creatorsLimits(env: Partial<Bindings>): BucketLimits {
  const { vars } = configOf(env);
  return { ratePerSecond: vars.CREATORS_REQUESTS_PER_SECOND, burst: vars.CREATORS_BURST };
}

/**
 * The budget of the credential that serves `marketplace`: one bucket per region and that
 * region's own credential id; a region on the labelled mock has no quota to share.
 */
export function creatorsBudgetFor(env: Bindings): (marketplace: Marketplace) => BudgetClient {
  const limits = creatorsLimits(env);
  return (marketplace) => {
    const config = creatorsConfigFor(env, marketplace);
    if (!config) return unlimitedBudget;
    return durableBudget(env, creatorsBucket(MARKETPLACES[marketplace].region, config.credentialId), limits);
  };
}

/**
 * The product source for `marketplace`: the Creators API with the credentials, version and
 * partner tag of the marketplace's region, or the labelled mock when that region has none.
 * Interactive callers (lookups, compares, exports) take a token of the region credential's
 * shared budget first and wait for it no longer than the upstream timeout.
 *
 * Without a marketplace: one source for every marketplace, live only when every region has
 * credentials and otherwise the mock throughout, because a source has one `kind` and mock data
 * must never be labelled live. Pass the marketplace wherever it is known.
 */
export function productSourceFor(env: Bindings, marketplace?: Marketplace): ProductSource {
  if (marketplace) {
    const config = creatorsConfigFor(env, marketplace);
    if (!config) return new MockProductSource();
    return new BudgetedProductSource(new CreatorsProductSource(config), creatorsBudgetFor(env), { mode: "interactive", maxWaitMs: config.timeoutMs });
  }
  return LOOKUP_MARKETPLACES.every((market) => creatorsConfigFor(env, market) !== null)
    ? new RegionalProductSource((market) => productSourceFor(env, market))
    : new MockProductSource();
}

/**
 * The snapshot run's sources and budget: it takes batch tokens itself (whatever interactive
 * callers leave) and each region's source only reports 429s to its credential's bucket.
 */
export function snapshotSourceFor(
  env: Bindings,
  clock: BudgetClock,
): { sourceFor: (marketplace: Marketplace) => ProductSource; budgetOf: (marketplace: Marketplace) => BudgetClient } {
  const budgetOf = creatorsBudgetFor(env);
  const sources = new Map<Marketplace, ProductSource>();
  const sourceFor = (marketplace: Marketplace) => {
    let source = sources.get(marketplace);
    if (!source) {
      const config = creatorsConfigFor(env, marketplace);
      source = config
        ? new BudgetedProductSource(new CreatorsProductSource(config), budgetOf, { mode: "prepaid", maxWaitMs: 0, clock })
        : new MockProductSource();
      sources.set(marketplace, source);
    }
    return source;
  };
  return { sourceFor, budgetOf };
}

/** Every region live: each call goes to its marketplace's regional source. */
class RegionalProductSource implements ProductSource {
  readonly kind = "live";
  private readonly sources = new Map<Marketplace, ProductSource>();

  constructor(private readonly sourceOf: (marketplace: Marketplace) => ProductSource) {}

  getItems(asins: readonly string[], marketplace: Marketplace): Promise<Map<string, ItemOutcome>> {
    let source = this.sources.get(marketplace);
    if (!source) {
      source = this.sourceOf(marketplace);
      this.sources.set(marketplace, source);
    }
    return source.getItems(asins, marketplace);
  }
}

/** Whether lookups in `marketplace` get live data (its region has Creators credentials). */
export function isLiveMarketplace(env: Bindings, marketplace: Marketplace): boolean {
  return creatorsConfigFor(env, marketplace) !== null;
}

import type { Bindings } from "../../env";
import { configOf, creatorsConfigFromEnv } from "../../config";
import { MARKETPLACES, type Marketplace } from "../../contract/marketplaces";
import { durableBudget, unlimitedBudget, type BudgetClient } from "../budget/budget-client";
import { creatorsBucket, type BucketLimits } from "../budget/token-bucket";
import { BudgetedProductSource, type BudgetClock } from "./budgeted";
import { CreatorsProductSource } from "./client";
import { MockProductSource } from "./mock";
import type { ProductSource } from "./product-source";

/** The rate and burst of the deployment's Creators credential (vars CREATORS_REQUESTS_PER_SECOND, CREATORS_BURST). */
export function creatorsLimits(env: Partial<Bindings>): BucketLimits {
  const { vars } = configOf(env);
  return { ratePerSecond: vars.CREATORS_REQUESTS_PER_SECOND, burst: vars.CREATORS_BURST };
}

/**
 * The budget of the credential that serves `marketplace`: one bucket per credential and
 * region; the labelled mock has no quota to share.
 */
export function creatorsBudgetFor(env: Bindings): (marketplace: Marketplace) => BudgetClient {
  const config = creatorsConfigFromEnv(env);
  if (!config) return () => unlimitedBudget;
  const limits = creatorsLimits(env);
  return (marketplace) => durableBudget(env, creatorsBucket(MARKETPLACES[marketplace].region, config.credentialId), limits);
}

/**
 * The Creators API when its credentials are set, otherwise the labelled mock. Interactive
 * callers (lookups, compares, exports) take a token of the shared budget first and wait
 * for it no longer than the upstream timeout.
 */
export function productSourceFor(env: Bindings): ProductSource {
  const config = creatorsConfigFromEnv(env);
  if (!config) return new MockProductSource();
  return new BudgetedProductSource(new CreatorsProductSource(config), creatorsBudgetFor(env), { mode: "interactive", maxWaitMs: config.timeoutMs });
}

/**
 * The snapshot run's source and budget: it takes batch tokens itself (whatever interactive
 * callers leave) and the source only reports 429s to the bucket.
 */
export function snapshotSourceFor(env: Bindings, clock: BudgetClock): { source: ProductSource; budgetOf: (marketplace: Marketplace) => BudgetClient } {
  const config = creatorsConfigFromEnv(env);
  const budgetOf = creatorsBudgetFor(env);
  if (!config) return { source: new MockProductSource(), budgetOf };
  return { source: new BudgetedProductSource(new CreatorsProductSource(config), budgetOf, { mode: "prepaid", maxWaitMs: 0, clock }), budgetOf };
}

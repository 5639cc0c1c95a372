import { MARKETPLACES, type Marketplace } from "../../contract/marketplaces";
import { creatorsFixFor, creatorsScopeOfKind } from "../../upstreams/amazon-errors";
import type { UpstreamError } from "../../upstreams/creators/product-source";
import type { CreatorsConfig } from "../../shared/creators-regions";
import { clearAttention, markAttention, readServiceAttention, type AttentionRow } from "../../attention/attention-store";

/** What the region's config uses now: a row about another tag or credential no longer applies. */
export type ConfigOf = (marketplace: Marketplace) => CreatorsConfig | null;

/** The setting a permanent refusal is about: the store's tag, or the region's credential id (never a secret). */
export function settingOf(scope: "marketplace" | "region", config: CreatorsConfig): string {
  return scope === "marketplace" ? config.partnerTag : config.credentialId;
}

/** The table's advice for a permanent Creators failure (amazon-errors.ts). */
export const fixFor = (error: UpstreamError): string => creatorsFixFor(error.kind, error.code) ?? error.message;

/**
 * The marketplaces and regions a nightly run found refused for good: every later batch there
 * fails at once, with no call to Amazon, and the run goes on with the other marketplaces.
 * Loaded from D1 at each slice (rows the same run marked, for the setting still configured),
 * so a broken region costs one refused call per run, not one per batch.
 */
export class BrokenScopes {
  private constructor(
    private readonly rows: Map<string, AttentionRow>,
    private readonly day: string,
    private readonly creatorsOf: ConfigOf,
  ) {}

  static async load(db: D1Database, day: string, creatorsOf: ConfigOf): Promise<BrokenScopes> {
    const rows = await readServiceAttention(db);
    return new BrokenScopes(new Map(rows.map((row) => [`${row.scope}:${row.key}`, row])), day, creatorsOf);
  }

  /** A call in `marketplace` answered: whatever was marked about it (earlier runs, lookups) is over. */
  async clearAfterSuccess(db: D1Database, marketplace: Marketplace): Promise<void> {
    for (const [scope, key] of [["marketplace", marketplace], ["region", MARKETPLACES[marketplace].region]] as const) {
      if (!this.rows.delete(`${scope}:${key}`)) continue;
      await clearAttention(db, scope, key);
    }
  }

  /** The refusal that covers `marketplace` in this run, or null when it may be asked. */
  blocking(marketplace: Marketplace): AttentionRow | null {
    const config = this.creatorsOf(marketplace);
    if (!config) return null;
    for (const [scope, key] of [["marketplace", marketplace], ["region", MARKETPLACES[marketplace].region]] as const) {
      const row = this.rows.get(`${scope}:${key}`);
      if (row && row.runDay === this.day && row.setting === settingOf(scope, config)) return row;
    }
    return null;
  }

  /**
   * Records a permanent refusal seen in `marketplace`: its scope (the store for a wrong tag, the
   * region for a refused credential) is marked on /status and skipped for the rest of the run.
   * A "request" refusal (our bug) marks nothing: only that batch fails. Returns the scope.
   */
  async record(db: D1Database, error: UpstreamError, marketplace: Marketplace, nowIso: string): Promise<"marketplace" | "region" | "request" | null> {
    const scope = creatorsScopeOfKind(error.kind);
    const config = this.creatorsOf(marketplace);
    if (scope === null || scope === "seller" || scope === "request" || !config) return scope === "seller" ? null : scope;
    const key = scope === "marketplace" ? marketplace : MARKETPLACES[marketplace].region;
    const row = { scope, key, code: error.code ?? error.kind, detail: fixFor(error), setting: settingOf(scope, config), runDay: this.day, nowIso };
    await markAttention(db, row);
    this.rows.set(`${scope}:${key}`, { ...row, firstSeenAt: nowIso, lastSeenAt: nowIso });
    return scope;
  }
}

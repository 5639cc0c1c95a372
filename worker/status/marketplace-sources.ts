import type { MarketplaceReport } from "../contract/status-components";
import { LOOKUP_MARKETPLACES, MARKETPLACES, type Marketplace } from "../contract/marketplaces";
import { creatorsConfigOfMarketplace, marketplaceTagVar, partnerTagOf, type CreatorsRegion, type CreatorsRegionConfig } from "../shared/creators-regions";
import type { AttentionRow } from "../attention/attention-store";

/** Why a marketplace needs the operator (a permanent Amazon refusal seen recently), keyed by marketplace. */
export type AttentionByMarketplace = Partial<Record<Marketplace, { reason: string; since: string }>>;

/**
 * Each marketplace's product source as /status shows it: live (with where its partner tag comes
 * from), mock (labelled, and why), or needs attention (Amazon refused the credential or the tag:
 * retrying cannot help until the operator fixes the setting named in the detail). No I/O.
 */
export function marketplaceReports(
  regions: Record<CreatorsRegion, CreatorsRegionConfig>,
  attention: AttentionByMarketplace = {},
  failing: (marketplace: Marketplace) => string | null = () => null,
): MarketplaceReport[] {
  return LOOKUP_MARKETPLACES.map((marketplace): MarketplaceReport => {
    const region = MARKETPLACES[marketplace].region;
    const { config, problem } = regions[region];
    const tagVar = marketplaceTagVar(marketplace);
    if (!config) {
      return {
        marketplace, region, mode: "mock", tag: "none",
        detail: problem
          ? `The ${region.toUpperCase()} Creators API setup is incomplete (${problem}): labelled mock data.`
          : `No Creators API credentials for ${region.toUpperCase()}: labelled mock data.`,
      };
    }
    const { from } = partnerTagOf(config, marketplace);
    if (from === "none") {
      const store = MARKETPLACES[marketplace].host.replace(/^www\./, "");
      return { marketplace, region, mode: "mock", tag: "none", detail: `No partner tag for ${store}: set ${tagVar}. Labelled mock data until then.` };
    }
    const flagged = attention[marketplace];
    if (flagged) {
      return { marketplace, region, mode: "needs_attention", tag: from, detail: `Amazon refused our calls since ${flagged.since}: ${flagged.reason}` };
    }
    const failure = failing(marketplace);
    if (failure) return { marketplace, region, mode: "failing", tag: from, detail: failure };
    return { marketplace, region, mode: "live", tag: from, detail: `Live Amazon data with this store's own partner tag (${tagVar}).` };
  });
}

/**
 * The refusals that still apply, per marketplace: a row about the store's tag or the region's
 * credential counts only while that same tag or credential id is configured (fixing the
 * setting clears it at once; a later successful call deletes the row).
 */
export function attentionByMarketplace(rows: readonly AttentionRow[], regions: Record<CreatorsRegion, CreatorsRegionConfig>): AttentionByMarketplace {
  const result: AttentionByMarketplace = {};
  for (const marketplace of LOOKUP_MARKETPLACES) {
    const config = creatorsConfigOfMarketplace(regions, marketplace);
    if (!config) continue;
    const row =
      rows.find((entry) => entry.scope === "marketplace" && entry.key === marketplace && entry.setting === config.partnerTag) ??
      rows.find((entry) => entry.scope === "region" && entry.key === MARKETPLACES[marketplace].region && entry.setting === config.credentialId);
    if (row) result[marketplace] = { reason: `${row.code}. ${row.detail}`, since: row.firstSeenAt };
  }
  return result;
}

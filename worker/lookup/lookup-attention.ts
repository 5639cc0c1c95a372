import { MARKETPLACES, type Marketplace } from "../contract/marketplaces";
import { creatorsConfigOfMarketplace, type CreatorsRegion, type CreatorsRegionConfig } from "../shared/creators-regions";
import type { UpstreamError } from "../upstreams/creators/product-source";

/**
 * A lookup Amazon refused for good (wrong-store tag, refused credential) marks its store or
 * region as needing attention on /status, as the nightly run does; a refusal of our own request
 * (a bug) marks nothing.
 */
export async function markLookupRefusal(
  db: D1Database,
  regions: Record<CreatorsRegion, CreatorsRegionConfig>,
  marketplace: Marketplace,
  error: UpstreamError,
  nowIso: string,
): Promise<void> {
  // After the answer (waitUntil): these load here rather than at start-up (docs/adr/0012-split-worker-build.md).
  const [{ creatorsFixFor, creatorsScopeOfKind }, { markAttention }] = await Promise.all([import("../upstreams/amazon-errors"), import("../attention/attention-store")]);
  const scope = creatorsScopeOfKind(error.kind);
  const config = creatorsConfigOfMarketplace(regions, marketplace);
  if ((scope !== "marketplace" && scope !== "region") || !config) return;
  await markAttention(db, {
    scope,
    key: scope === "marketplace" ? marketplace : MARKETPLACES[marketplace].region,
    code: error.code ?? error.kind,
    detail: creatorsFixFor(error.kind, error.code) ?? error.message,
    setting: scope === "marketplace" ? config.partnerTag : config.credentialId,
    nowIso,
  });
}

import type { ComponentStatus, MarketplaceReport, RegionReport } from "../contract/status-components";
import { CREATORS_REGIONS, type CreatorsRegionConfig, type CreatorsRegion } from "../config";
import { LOOKUP_MARKETPLACES, MARKETPLACES } from "../contract/marketplaces";
import { readRecentLookups as readRecentLookupsOf, readRecentLookupsByMarketplace as readRecentLookupsByMarketplaceOf, type RecentLookups } from "../lookup/lookup-log-report-store";

export type { RecentLookups };

/** Look-back for upstream failures, and how many make the source "failing". */
export const FAILURE_WINDOW_MINUTES = 5;
export const FAILURE_THRESHOLD = 3;

/**
 * The product source's state: mock without credentials; failing when recent upstream
 * failures reach the threshold and outnumber live answers; operational otherwise.
 */
export function productSourceStatus(
  configured: boolean,
  recent: RecentLookups,
): { status: ComponentStatus; detail: string } {
  if (!configured) {
    return { status: "mock", detail: "No Creators API credentials are set, so lookups show labelled mock data." };
  }
  if (recent.failures >= FAILURE_THRESHOLD && recent.failures > recent.liveSuccesses) {
    return {
      status: "failing",
      detail: `${recent.failures} lookups failed upstream in the last ${FAILURE_WINDOW_MINUTES} minutes; cached data under 24 hours old is still served.`,
    };
  }
  return { status: "operational", detail: "Live Amazon data, cached for up to 24 hours." };
}

/** Each credential region as /status shows it: live, or mock (labelled) with the reason. */
export function regionReports(regions: Record<CreatorsRegion, CreatorsRegionConfig>): RegionReport[] {
  return CREATORS_REGIONS.map((region) => {
    const marketplaces = LOOKUP_MARKETPLACES.filter((code) => MARKETPLACES[code].region === region);
    const { config, problem } = regions[region];
    return {
      region,
      marketplaces,
      mode: config ? "live" : "mock",
      detail: config
        ? liveDetail(marketplaces.filter((code) => config.partnerTags?.[code]), marketplaces.filter((code) => !config.partnerTags?.[code]))
        : problem
          ? `The ${region.toUpperCase()} Creators API setup is incomplete (${problem}): lookups in ${marketplaces.join(", ")} show labelled mock data.`
          : `No Creators API credentials for ${region.toUpperCase()}: lookups in ${marketplaces.join(", ")} show labelled mock data.`,
    };
  });
}

/** A region with a credential: live where a store has its own tag, the labelled mock where it has none. */
function liveDetail(tagged: string[], untagged: string[]): string {
  const mock = untagged.length ? ` Labelled mock data in ${untagged.join(", ")}: no partner tag of their own (see each marketplace).` : "";
  return `Live Amazon data in ${tagged.join(", ")}.${mock}`;
}

/**
 * The product source's state across regions: mock only when no region is live. While some stores
 * are live, the detail names them and every store on the labelled mock (a region without a usable
 * credential, or a store without its own partner tag in a live region): never "live" for them all.
 */
export function productSourceRegionsStatus(
  regions: RegionReport[],
  marketplaces: readonly Pick<MarketplaceReport, "marketplace" | "mode">[],
  recent: RecentLookups,
): { status: ComponentStatus; detail: string; regions: RegionReport[] } {
  const live = regions.some((region) => region.mode === "live");
  const { status, detail } = productSourceStatus(live, recent);
  const mock = marketplaces.filter((entry) => entry.mode === "mock").map((entry) => entry.marketplace);
  if (!live || mock.length === 0) return { status, detail, regions };
  // Stores Amazon refuses for good serve no live data: checks.ts names them apart.
  const liveStores = marketplaces.filter((entry) => entry.mode === "live" || entry.mode === "failing").map((entry) => entry.marketplace);
  return {
    status,
    detail:
      status === "operational" && liveStores.length
        ? `Live Amazon data in ${liveStores.join(", ")}, cached for up to 24 hours. ${mockNote(mock)}`
        : `${detail} ${mockNote(mock)}`,
    regions,
  };
}

const mockNote = (mock: readonly string[]) => `Labelled mock data in ${mock.join(", ")}: no usable credential or store tag there (see each marketplace).`;

/** Upstream failures and live answers within the failure window. */
export function readRecentLookups(db: D1Database): Promise<RecentLookups> {
  return readRecentLookupsOf(db, FAILURE_WINDOW_MINUTES);
}

/** Upstream failures and live answers within the failure window, per marketplace. */
export function readRecentLookupsPerMarketplace(db: D1Database): Promise<Map<string, RecentLookups>> {
  return readRecentLookupsByMarketplaceOf(db, FAILURE_WINDOW_MINUTES);
}

/** Whether recent real Amazon failures make a source failing: at the threshold and more than its live answers. */
export function isFailing(recent: RecentLookups | undefined): boolean {
  return recent !== undefined && recent.failures >= FAILURE_THRESHOLD && recent.failures > recent.liveSuccesses;
}

import { LOOKUP_MARKETPLACES, MARKETPLACES, type Marketplace, type SellerRegion } from "../contract/marketplaces";

/** One region's Creators API credential and where to reach it. */
export interface CreatorsConfig {
  credentialId: string;
  credentialSecret: string;
  /** Credential version from Associates Central, e.g. "3.1"; picks the token endpoint. */
  version: string;
  /**
   * The region's fallback tag (CREATORS_<REGION>_PARTNER_TAG or CREATORS_PARTNER_TAG), or, in a
   * config returned by creatorsConfigOfMarketplace, the tag of that one marketplace. Empty when
   * the region only has per-marketplace tags.
   */
  partnerTag: string;
  /** Per-store tags (CREATORS_<MARKETPLACE>_PARTNER_TAG): an Associates tag belongs to one store. */
  partnerTags?: Partial<Record<Marketplace, string>>;
  /** Replaces https://creatorsapi.amazon when set (tests, benchmark). */
  apiBaseUrl?: string;
  /** Replaces the version's token endpoint when set (tests, benchmark). */
  authUrl?: string;
  /** Bound on one getItems call, token grant included. */
  timeoutMs: number;
}

/** The Creators API's credential regions: the SP-API regions, with the same marketplaces. */
export type CreatorsRegion = SellerRegion;
export const CREATORS_REGIONS: readonly CreatorsRegion[] = ["na", "eu", "fe"];

/** One region's Creators API access: its config, or null (labelled mock) and why. */
export interface CreatorsRegionConfig {
  config: CreatorsConfig | null;
  /** Set when variables for the region are present but unusable (shown on /status, never a secret). */
  problem?: string;
}

const DEFAULT_CREATORS_CREDENTIAL_VERSION = "3.1";

/** The parsed vars this reads (config.ts's Vars): strings trimmed, undefined when unset. */
export type CreatorsVars = { readonly [name: string]: unknown } & {
  CREATORS_CREDENTIAL_ID?: string;
  CREATORS_CREDENTIAL_SECRET?: string;
  CREATORS_PARTNER_TAG?: string;
  CREATORS_CREDENTIAL_VERSION?: string;
  CREATORS_API_BASE_URL?: string;
  CREATORS_AUTH_URL?: string;
  UPSTREAM_TIMEOUT_MS: number;
};

/** The region whose token endpoint a credential version names (Associates Central issues one per region). */
const VERSION_REGION: Readonly<Record<string, CreatorsRegion>> = {
  "2.1": "na", "3.1": "na", "2.2": "eu", "3.2": "eu", "2.3": "fe", "3.3": "fe",
};
const REGION_DEFAULT_VERSION: Record<CreatorsRegion, string> = { na: "3.1", eu: "3.2", fe: "3.3" };

/**
 * Each region's credentials: its own CREATORS_<REGION>_* variables, or else the single-credential
 * CREATORS_* variables for the one region their version names (3.1/2.1, the default, is NA), so an
 * existing deployment keeps working without ever sending a US tag to the UK store.
 */
export function creatorsRegionsOf(vars: CreatorsVars): Record<CreatorsRegion, CreatorsRegionConfig> {
  const legacyVersion = vars.CREATORS_CREDENTIAL_VERSION ?? DEFAULT_CREATORS_CREDENTIAL_VERSION;
  const legacyRegion = VERSION_REGION[legacyVersion] ?? "na";
  const entries = CREATORS_REGIONS.map((region): [CreatorsRegion, CreatorsRegionConfig] => {
    const prefix = `CREATORS_${region.toUpperCase()}_`;
    const read = (name: string) => vars[`${prefix}${name}`] as string | undefined;
    const own = { id: read("CREDENTIAL_ID"), secret: read("CREDENTIAL_SECRET"), tag: read("PARTNER_TAG"), version: read("CREDENTIAL_VERSION") };
    // A version alone (as in .dev.vars.example) configures nothing.
    const storeTags = marketplaceTagsOf(vars, region);
    const anyOwn = [own.id, own.secret, own.tag].some((value) => value !== undefined);
    const chosen = anyOwn
      ? { ...own, version: own.version ?? REGION_DEFAULT_VERSION[region] }
      : legacyRegion === region
        ? { id: vars.CREATORS_CREDENTIAL_ID, secret: vars.CREATORS_CREDENTIAL_SECRET, tag: vars.CREATORS_PARTNER_TAG, version: legacyVersion }
        : null;
    // Per-store tags stand in for the region's one tag.
    const anyTag = chosen?.tag || Object.values(storeTags)[0];
    if (!chosen || (!anyOwn && !(chosen.id && chosen.secret && anyTag))) return [region, { config: null }];
    const missing = (["CREDENTIAL_ID", "CREDENTIAL_SECRET", "PARTNER_TAG"] as const).filter(
      (name) => !{ CREDENTIAL_ID: chosen.id, CREDENTIAL_SECRET: chosen.secret, PARTNER_TAG: anyTag }[name],
    );
    if (missing.length) return [region, { config: null, problem: `${missing.map((name) => prefix + name).join(", ")} unset` }];
    const versionRegion = VERSION_REGION[chosen.version];
    if (versionRegion !== undefined && versionRegion !== region) {
      return [region, { config: null, problem: `credential version ${chosen.version} belongs to ${versionRegion.toUpperCase()}, not ${region.toUpperCase()}` }];
    }
    return [
      region,
      {
        config: {
          credentialId: chosen.id!,
          credentialSecret: chosen.secret!,
          partnerTag: chosen.tag ?? "",
          ...(Object.keys(storeTags).length ? { partnerTags: storeTags } : {}),
          version: chosen.version,
          // Unset means Amazon's real endpoints.
          apiBaseUrl: vars.CREATORS_API_BASE_URL,
          authUrl: vars.CREATORS_AUTH_URL,
          timeoutMs: vars.UPSTREAM_TIMEOUT_MS,
        },
      },
    ];
  });
  return Object.fromEntries(entries) as Record<CreatorsRegion, CreatorsRegionConfig>;
}

/** The variable holding one store's partner tag, e.g. CREATORS_UK_PARTNER_TAG. */
export const marketplaceTagVar = (marketplace: Marketplace) => `CREATORS_${marketplace}_PARTNER_TAG`;

/** The per-store tags set for the marketplaces of `region`. */
function marketplaceTagsOf(vars: CreatorsVars, region: CreatorsRegion): Partial<Record<Marketplace, string>> {
  const tags: Partial<Record<Marketplace, string>> = {};
  for (const marketplace of LOOKUP_MARKETPLACES) {
    const tag = vars[marketplaceTagVar(marketplace)];
    if (MARKETPLACES[marketplace].region === region && typeof tag === "string" && tag !== "") tags[marketplace] = tag;
  }
  return tags;
}

/** Where a marketplace's partner tag comes from: its own variable, the region's fallback, or nowhere. */
export type PartnerTagSource = "marketplace" | "region" | "none";

export function partnerTagOf(config: CreatorsConfig, marketplace: Marketplace): { tag: string; from: PartnerTagSource } {
  const own = config.partnerTags?.[marketplace];
  if (own) return { tag: own, from: "marketplace" };
  return config.partnerTag ? { tag: config.partnerTag, from: "region" } : { tag: "", from: "none" };
}

/**
 * The Creators config that serves `marketplace`, its partner tag that store's: the region's
 * credential with the marketplace's own tag, or the region's fallback tag; null (the labelled
 * mock) when the region has no credential or no tag reaches this store.
 */
export function creatorsConfigOfMarketplace(
  regions: Record<CreatorsRegion, CreatorsRegionConfig>,
  marketplace: Marketplace,
): CreatorsConfig | null {
  const config = regions[MARKETPLACES[marketplace].region].config;
  if (!config) return null;
  const { tag } = partnerTagOf(config, marketplace);
  return tag ? { ...config, partnerTag: tag } : null;
}

import { LOOKUP_MARKETPLACES, MARKETPLACES, type Marketplace, type SellerRegion } from "../contract/marketplaces";

/** A Creators API credential and where to reach it. */
interface CreatorsAccess {
  credentialId: string;
  credentialSecret: string;
  /** Credential version from Associates Central, e.g. "3.1"; picks the token endpoint. */
  version: string;
  /** Replaces https://creatorsapi.amazon when set (tests, benchmark). */
  apiBaseUrl?: string;
  /** Replaces the version's token endpoint when set (tests, benchmark). */
  authUrl?: string;
  /** Bound on one getItems call, token grant included. */
  timeoutMs: number;
}

/** One region's credential, with its stores' tags (CREATORS_<MARKETPLACE>_PARTNER_TAG): an Associates tag belongs to one store. */
export interface CreatorsCredential extends CreatorsAccess {
  partnerTags: Partial<Record<Marketplace, string>>;
}

/** The credential as one store uses it (creatorsConfigOfMarketplace): with that store's own tag. */
export interface CreatorsConfig extends CreatorsAccess {
  partnerTag: string;
}

/** The Creators API's credential regions: the SP-API regions, with the same marketplaces. */
export type CreatorsRegion = SellerRegion;
export const CREATORS_REGIONS: readonly CreatorsRegion[] = ["na", "eu", "fe"];

/** One region's Creators API access: its config, or null (labelled mock) and why. */
export interface CreatorsRegionConfig {
  config: CreatorsCredential | null;
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
 * Each region's credential: its own CREATORS_<REGION>_* variables, or else the single-credential
 * CREATORS_* variables for the one region their version names (3.1/2.1, the default, is NA).
 * Partner tags are per store only (CREATORS_<MARKETPLACE>_PARTNER_TAG): an Associates tag belongs
 * to one store, so the region's and the single CREATORS_PARTNER_TAG are not read as tags any more
 * (Amazon refuses them in every other store); /status names them when they are still set.
 */
export function creatorsRegionsOf(vars: CreatorsVars): Record<CreatorsRegion, CreatorsRegionConfig> {
  const legacyVersion = vars.CREATORS_CREDENTIAL_VERSION ?? DEFAULT_CREATORS_CREDENTIAL_VERSION;
  const legacyRegion = VERSION_REGION[legacyVersion] ?? "na";
  const entries = CREATORS_REGIONS.map((region): [CreatorsRegion, CreatorsRegionConfig] => {
    const prefix = `CREATORS_${region.toUpperCase()}_`;
    const read = (name: string) => vars[`${prefix}${name}`] as string | undefined;
    const own = { id: read("CREDENTIAL_ID"), secret: read("CREDENTIAL_SECRET"), version: read("CREDENTIAL_VERSION") };
    const storeTags = marketplaceTagsOf(vars, region);
    // A version alone (as in .dev.vars.example) configures nothing.
    const anyOwn = own.id !== undefined || own.secret !== undefined;
    const legacy = !anyOwn && legacyRegion === region;
    const chosen = anyOwn
      ? { ...own, version: own.version ?? REGION_DEFAULT_VERSION[region] }
      : legacy
        ? { id: vars.CREATORS_CREDENTIAL_ID, secret: vars.CREATORS_CREDENTIAL_SECRET, version: legacyVersion }
        : null;
    if (!chosen || (legacy && !(chosen.id && chosen.secret))) return [region, { config: null }];
    const missing = (["CREDENTIAL_ID", "CREDENTIAL_SECRET"] as const).filter((name) => !{ CREDENTIAL_ID: chosen.id, CREDENTIAL_SECRET: chosen.secret }[name]);
    if (missing.length) return [region, { config: null, problem: `${missing.map((name) => prefix + name).join(", ")} unset` }];
    const versionRegion = VERSION_REGION[chosen.version];
    if (versionRegion !== undefined && versionRegion !== region) {
      return [region, { config: null, problem: `credential version ${chosen.version} belongs to ${versionRegion.toUpperCase()}, not ${region.toUpperCase()}` }];
    }
    if (Object.keys(storeTags).length === 0) {
      const stores = LOOKUP_MARKETPLACES.filter((code) => MARKETPLACES[code].region === region).map(marketplaceTagVar);
      const stale = staleTagVars(vars, region, legacy);
      return [
        region,
        {
          config: null,
          problem: `no store's partner tag is set: set ${stores.join(", ")} for the stores you serve${stale.length ? ` (${stale.join(", ")} is no longer read: a tag belongs to one store)` : ""}`,
        },
      ];
    }
    return [
      region,
      {
        config: {
          credentialId: chosen.id!,
          credentialSecret: chosen.secret!,
          partnerTags: storeTags,
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

/** Region-wide tag variables of earlier releases still set for `region`: named on /status, never used. */
function staleTagVars(vars: CreatorsVars, region: CreatorsRegion, legacy: boolean): string[] {
  const names = [`CREATORS_${region.toUpperCase()}_PARTNER_TAG`, ...(legacy ? ["CREATORS_PARTNER_TAG"] : [])];
  return names.filter((name) => typeof vars[name] === "string" && vars[name] !== "");
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

/** Where a marketplace's partner tag comes from: its own variable, or nowhere (the labelled mock). */
export type PartnerTagSource = "marketplace" | "none";

export function partnerTagOf(config: CreatorsCredential, marketplace: Marketplace): { tag: string; from: PartnerTagSource } {
  const own = config.partnerTags[marketplace];
  return own ? { tag: own, from: "marketplace" } : { tag: "", from: "none" };
}

/**
 * The Creators config that serves `marketplace`, its partner tag that store's own: null (the
 * labelled mock) when the region has no credential or the store has no tag of its own. There is
 * no fallback to another store's tag: Amazon refuses it (400 InvalidPartnerTag).
 */
export function creatorsConfigOfMarketplace(
  regions: Record<CreatorsRegion, CreatorsRegionConfig>,
  marketplace: Marketplace,
): CreatorsConfig | null {
  const config = regions[MARKETPLACES[marketplace].region].config;
  if (!config) return null;
  const { tag } = partnerTagOf(config, marketplace);
  if (!tag) return null;
  const { partnerTags: _, ...access } = config;
  return { ...access, partnerTag: tag };
}

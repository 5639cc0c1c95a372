/**
 * The components the status page lists. Shared by GET /api/status and the page, which
 * still lists them (as unknown) when the status call itself fails. No I/O here.
 */
export type ComponentId = "api" | "cache" | "database" | "rate_limiter" | "product_source" | "selling_partner" | "email";

/** `mock`: no Creators credentials, lookups show labelled sample data. `not_active`: not configured yet. */
export type ComponentStatus = "operational" | "degraded" | "mock" | "failing" | "not_active";

export interface ComponentInfo {
  id: ComponentId;
  name: string;
  description: string;
}

/** One Creators API region of the product source: live with its own credentials, or labelled mock. */
export interface RegionReport {
  region: "na" | "eu" | "fe";
  /** Marketplace codes the region serves, e.g. ["UK", "DE", "FR", "IT", "ES"]. */
  marketplaces: string[];
  mode: "live" | "mock";
  detail: string;
}

/** One marketplace's product source: its own partner tag decides whether it can be live. */
export interface MarketplaceReport {
  marketplace: string;
  region: "na" | "eu" | "fe";
  /**
   * needs_attention: Amazon refused the credential or the tag for good (fix the setting the detail
   * names); failing: most recent lookups there failed at Amazon (our own "busy" refusals never count).
   */
  mode: "live" | "mock" | "needs_attention" | "failing";
  /** Where the store's partner tag comes from: its own variable, or none (the labelled mock). */
  tag: "marketplace" | "none";
  detail: string;
}

export interface ComponentReport extends ComponentInfo {
  status: ComponentStatus;
  detail?: string;
  /** The product source only: its state per credential region. */
  regions?: RegionReport[];
  /** The product source only: its state per marketplace. */
  marketplaces?: MarketplaceReport[];
  /** The product source only: the last finished nightly run, per region (done, partial, failed). */
  lastRun?: {
    day: string;
    finishedAt: string;
    regions: { region: "na" | "eu" | "fe"; status: "done" | "partial" | "failed"; answered: number; failed: number }[];
  };
}

export interface StatusReport {
  status: "operational" | "degraded";
  checkedAt: string;
  components: ComponentReport[];
}

export const STATUS_COMPONENTS: readonly ComponentInfo[] = [
  { id: "api", name: "API Service", description: "The site's API and the free ASIN lookup" },
  { id: "cache", name: "Cache System", description: "The 24-hour product data cache" },
  { id: "database", name: "Database", description: "Lookup log, contact messages and accounts" },
  { id: "rate_limiter", name: "Rate Limiter", description: "Per-client lookup and contact limits" },
  {
    id: "product_source",
    name: "Product Advertising API",
    description: "Amazon product data for lookups, through the Creators API",
  },
  {
    id: "selling_partner",
    name: "Selling Partner API",
    description: "Read-only seller account connection for Pro (Phase-2 preview)",
  },
  { id: "email", name: "Email", description: "Sign-in links, invitations, alerts and reports" },
];

/** Degraded and failing components make the whole service degraded; mock and not-active ones do not. */
export function overallStatus(components: readonly { status: ComponentStatus }[]): StatusReport["status"] {
  return components.some((c) => c.status === "degraded" || c.status === "failing") ? "degraded" : "operational";
}

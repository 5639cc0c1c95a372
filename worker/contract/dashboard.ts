import * as z from "./zod-jitless";
import { HISTORY_RANGES, type HistoryRange, type RankVelocity } from "./history";
import { LOOKUP_MARKETPLACES, readMarketplaceCode, type Marketplace } from "./marketplaces";
import type { Price } from "./product";

/** The seller dashboard, portfolio and their filters, shared by the Worker and the web app. */

const marketplace = () =>
  z
    .string()
    .overwrite(readMarketplaceCode)
    .pipe(z.enum(LOOKUP_MARKETPLACES, { error: `Marketplace must be one of ${LOOKUP_MARKETPLACES.join(", ")}` }));
const range = () => z.enum(HISTORY_RANGES, { error: `Range must be one of ${HISTORY_RANGES.join(", ")}` }).default("7d");
const optionalMarketplace = marketplace().optional();
const optionalName = z.string().trim().max(200, { error: "At most 200 characters" }).optional();

const optionalConnection = z.string().trim().min(1).max(64, { error: "At most 64 characters" }).optional();
/** Sort keys of the tracked-ASIN table (rows without the figure sort last, whatever the order; prices by currency, then amount). */
export const DASHBOARD_SORTS = ["asin", "rank", "change", "price", "units"] as const;
export type DashboardSort = (typeof DASHBOARD_SORTS)[number];
export const DASHBOARD_PAGE_SIZE_MAX = 200;

const whole = (name: string, max: number) => {
  const error = `${name} must be a whole number from 1 to ${max}`;
  return z
    .string()
    .transform((text: string) => (/^\d+$/.test(text) ? Number(text) : Number.NaN))
    .pipe(z.int({ error }).min(1, { error }).max(max, { error }))
    .optional();
};

export const dashboardQuerySchema = z.object({
  marketplace: optionalMarketplace,
  brand: optionalName,
  connection: optionalConnection,
  // Paging (optional; without page and pageSize every row is answered): one page of the sorted,
  // filtered rows, while the KPI cards are computed from every row on the server.
  page: whole("page", 1_000_000).meta({ description: "1-based page of the sorted rows; with it (or pageSize) only that page is answered.", example: "1" }),
  pageSize: whole("pageSize", DASHBOARD_PAGE_SIZE_MAX).meta({ description: `Rows per page, 1–${DASHBOARD_PAGE_SIZE_MAX} (default 50 when paging).`, example: "50" }),
  sort: z.enum(DASHBOARD_SORTS, { error: `sort must be one of ${DASHBOARD_SORTS.join(", ")}` }).optional(),
  order: z.enum(["asc", "desc"], { error: "order must be asc or desc" }).optional(),
});
export type DashboardQuery = z.output<typeof dashboardQuerySchema>;
/** What the web app sends: every field as the query string carries it. */
export type DashboardQueryInput = z.input<typeof dashboardQuerySchema>;

export const portfolioQuerySchema = z.object({
  marketplace: optionalMarketplace,
  brand: optionalName,
  category: optionalName,
  range: range(),
  /** One client's seller connection (the drill-down); all of the workspace's by default. */
  connection: optionalConnection,
});
export type PortfolioQuery = z.output<typeof portfolioQuerySchema>;

/** Stock at or under this many fulfillable FBA units counts as low. */
export const LOW_STOCK_UNITS = 20;

/**
 * Who holds a Buy Box: this seller ("you"), another seller, nobody because no offer exists
 * ("none"), nobody although offers exist ("suppressed": Amazon suppressed the Buy Box, often for
 * its pricing policy), or "unknown" (no answer for the day, or a winner the answer does not list).
 */
export type BuyBoxHolder = "you" | "other" | "none" | "suppressed" | "unknown";

/** Amazon's two Buy Boxes apart: the one Prime members see and the one other shoppers see. */
export interface BuyBoxes {
  prime: BuyBoxHolder;
  nonPrime: BuyBoxHolder;
}

/** Where a figure comes from and when it was captured: every card and cell can say it. */
export interface FigureSource {
  /** live (Creators API), spapi (the seller's SP-API), mock (demo, labelled) or null (no data). */
  kind: "live" | "spapi" | "mock" | null;
  label: string;
  asOf: string | null;
}

export interface DashboardRow {
  asin: string;
  marketplace: Marketplace;
  title: string | null;
  image: string | null;
  brand: string | null;
  category: string | null;
  rank: number | null;
  /** Latest rank minus the rank 7 days earlier (first day of the window); positive = worse. */
  rankChange7d: number | null;
  velocity: RankVelocity;
  price: Price | null;
  /** "lowest_offer" when no offer won the Buy Box and `price` is the lowest offer's (shown labelled so, never as the Buy Box price). */
  priceSource?: "lowest_offer";
  /** The Buy Box most shoppers see: the Prime one where there is one, else the non-Prime one. */
  buyBox: BuyBoxHolder;
  /** Each Buy Box with its holder (unknown in rows from before the two were kept). */
  buyBoxes: BuyBoxes;
  fulfillableUnits: number | null;
  /** Daily ranks of the 7-day window, oldest first. */
  sparkline: { day: string; rank: number | null }[];
  rankSource: FigureSource;
  sellerSource: FigureSource;
}

export interface DashboardKpis {
  tracked: { value: number; source: FigureSource };
  averageRank: { value: number | null; source: FigureSource };
  buyBox: { held: number; of: number; source: FigureSource };
  /** null: no ASIN in scope has stock data. */
  lowStock: { value: number | null; source: FigureSource };
  biggestMover: { asin: string; marketplace: Marketplace; rankChangePercent: number } | null;
  biggestMoverSource: FigureSource;
}

/** Which page of the sorted rows an answer carries (only when the request asked for a page). */
export interface DashboardPage {
  /** 1-based, clamped to the pages there are. */
  number: number;
  size: number;
  /** Rows after the filters, over every page. */
  total: number;
  pages: number;
  sort: DashboardSort;
  order: "asc" | "desc";
}

/** GET /api/dashboard. */
export interface DashboardResponse {
  marketplaces: Marketplace[];
  brand: string | null;
  kpis: DashboardKpis;
  /** Every row, or one page of them when `page` is set. */
  rows: DashboardRow[];
  page?: DashboardPage;
  /** Whether any row (over every page) has a 7-day change: what the mover card says without a mover. */
  anyRankChange?: boolean;
  demo: boolean;
  /** Whether the caller's plan has intraday points (its extra refreshes'; GET /api/dashboard/intraday answers 403 on Free). */
  intraday: boolean;
}

export type BrandStatus = "top-performer" | "growing" | "needs-attention" | "steady";
export type HeatBand = "high" | "medium" | "low";

export interface Money {
  amount: number;
  currency: string;
}

export interface BrandRow {
  brand: string;
  products: number;
  averageRank: number | null;
  rankChangePercent: number | null;
  /** null: shown as "—" with revenueNote saying why. */
  revenue: Money | null;
  revenueNote: string | null;
  status: BrandStatus;
  source: FigureSource;
}

export interface HeatmapCell {
  category: string;
  products: number;
  /** Mean rank change % of the category's ASINs over the range; negative = ranks improving. */
  rankChangePercent: number | null;
  band: HeatBand | null;
  direction: "improving" | "worsening" | "flat" | null;
}

/** GET /api/portfolio. */
export interface PortfolioResponse {
  marketplace: Marketplace | null;
  marketplaces: Marketplace[];
  range: HistoryRange;
  brands: string[];
  categories: string[];
  kpis: {
    totalRevenue: Money | null;
    revenueNote: string | null;
    revenueSource: FigureSource;
    /** Days of the range (in the marketplace's time zone) Amazon has not answered for some product: left out, never counted as zero. */
    revenueMissingDays: number;
    averageRank: number | null;
    topPerformers: number;
    needsAttention: number;
    rankSource: FigureSource;
  };
  brandRows: BrandRow[];
  heatmap: HeatmapCell[];
  /**
   * The drill-down: one connection's id, or null for all the workspace's connections. The API
   * always sends both fields; optional so a screen written before connections still type-checks.
   */
  connection?: string | null;
  /** Across every marketplace and client (or the one drilled into). */
  clients?: ClientsOverview;
  demo: boolean;
}

/** One client (seller connection) in the aggregated portfolio. */
export interface ClientRow {
  connectionId: string;
  name: string;
  region: string;
  /** Tracked ASINs this seller has its own data on (stock, Buy Box or sales) in the range. */
  products: number;
  averageRank: number | null;
  rankChangePercent: number | null;
  /** Ordered product sales over the range, one total per currency, never converted. */
  revenue: Money[];
  status: BrandStatus;
}

/** The aggregated portfolio: revenue per currency, average rank, and clients by status. */
export interface ClientsOverview {
  revenueByCurrency: Money[];
  /** Where the revenue figures come from and as of when, over every client and marketplace in scope. */
  revenueSource: FigureSource;
  averageRank: number | null;
  /** The same for the ranks. */
  rankSource: FigureSource;
  /** Clients whose status is top-performer / needs-attention (the brand rules, per client). */
  topPerformers: number;
  needsAttention: number;
  rows: ClientRow[];
}

/** POST /api/dashboard/refresh. */
export interface RefreshResponse {
  refreshed: number;
  nextAllowedAt: string;
}

/** Up to 10 ASINs of one marketplace over a chart range: the intraday points and the Buy Box share. */
export const asinsOverRangeQuerySchema = z.object({
  marketplace: marketplace(),
  asins: z.string().regex(/^[A-Za-z0-9]{10}(,[A-Za-z0-9]{10}){0,9}$/, { error: "asins must be 1 to 10 ASINs, comma-separated" }),
  range: range(),
});

/** One tracked ASIN's Buy Box over a range: the shown Buy Box's holder each day the nightly run read it. */
export interface BuyBoxShareItem {
  asin: string;
  /** Days this workspace's seller held it, of the days its holder is known (none and suppressed count: nobody held it). */
  heldDays: number;
  knownDays: number;
  /** heldDays / knownDays, 0 to 1; null when no day is known. */
  share: number | null;
  /** Oldest first, one per day with a seller snapshot. */
  days: { day: string; holder: BuyBoxHolder }[];
  /** Some of its days come from the demo's mock seller API, not from Amazon: shown labelled so. */
  mock: boolean;
}

/** GET /api/dashboard/buy-box: the Buy Box share over time of up to 10 ASINs, from the workspace's own seller data. */
export interface BuyBoxShareResponse {
  marketplace: Marketplace;
  fromDay: string;
  toDay: string;
  items: BuyBoxShareItem[];
}

/** GET /api/dashboard/intraday (Pro): the extra refreshes' hourly points. */
export interface IntradayResponse {
  series: { asin: string; marketplace: Marketplace; points: { at: string; source: "live" | "mock"; rank: number | null; price: number | null }[] }[];
}

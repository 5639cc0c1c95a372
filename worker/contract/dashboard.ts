import { z } from "./zod-jitless";
import { HISTORY_RANGES, type HistoryRange, type RankVelocity } from "./history";
import { LOOKUP_MARKETPLACES, type Marketplace } from "./marketplaces";
import type { Price } from "./product";

/** The seller dashboard, portfolio and their filters, shared by the Worker and the web app. */

const marketplace = () =>
  z
    .string()
    .trim()
    .toUpperCase()
    .pipe(z.enum(LOOKUP_MARKETPLACES, { error: `Marketplace must be one of ${LOOKUP_MARKETPLACES.join(", ")}` }));
const range = () => z.enum(HISTORY_RANGES, { error: `Range must be one of ${HISTORY_RANGES.join(", ")}` }).default("7d");
const optionalMarketplace = marketplace().optional();
const optionalName = z.string().trim().max(200, { error: "At most 200 characters" }).optional();

const optionalConnection = z.string().trim().min(1).max(64, { error: "At most 64 characters" }).optional();
export const dashboardQuerySchema = z.object({ marketplace: optionalMarketplace, brand: optionalName, connection: optionalConnection });
export type DashboardQuery = z.output<typeof dashboardQuerySchema>;

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

export type BuyBoxHolder = "you" | "other" | "none" | "unknown";

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
  buyBox: BuyBoxHolder;
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
  lowStock: { value: number; source: FigureSource };
  biggestMover: { asin: string; marketplace: Marketplace; rankChangePercent: number } | null;
  biggestMoverSource: FigureSource;
}

/** GET /api/dashboard. */
export interface DashboardResponse {
  marketplaces: Marketplace[];
  brand: string | null;
  kpis: DashboardKpis;
  rows: DashboardRow[];
  demo: boolean;
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
  averageRank: number | null;
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

export const intradayQuerySchema = z.object({
  marketplace: marketplace(),
  asins: z.string().regex(/^[A-Za-z0-9]{10}(,[A-Za-z0-9]{10}){0,9}$/, { error: "asins must be 1 to 10 ASINs, comma-separated" }),
  range: range(),
});

/** GET /api/dashboard/intraday (Pro): the extra refreshes' hourly points. */
export interface IntradayResponse {
  series: { asin: string; marketplace: Marketplace; points: { at: string; source: "live" | "mock"; rank: number | null; price: number | null }[] }[];
}

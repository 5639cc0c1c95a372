import * as z from "../openapi/zod";
import type { BuyBoxShareResponse, DashboardResponse, IntradayResponse, PortfolioResponse, RefreshResponse } from "../contract/dashboard";
import { DASHBOARD_SORTS } from "../contract/dashboard";
import { HISTORY_RANGES } from "../contract/history";
import { LOOKUP_MARKETPLACES } from "../contract/marketplaces";

/** The answer schemas of the seller dashboard and the portfolio, each tied to its contract type. */
const marketplace = z.enum(LOOKUP_MARKETPLACES);
const money = z.object({ amount: z.number(), currency: z.string() });
const source = z
  .object({ kind: z.enum(["live", "spapi", "mock"]).nullable(), label: z.string(), asOf: z.string().nullable() })
  .openapi("FigureSource");
const velocity = z.object({
  rankChangePercent: z.number().nullable(),
  slopePerDay: z.number().nullable(),
  best: z.number().nullable(),
  worst: z.number().nullable(),
});

const buyBoxHolder = z
  .enum(["you", "other", "none", "suppressed", "unknown"])
  .meta({ description: "you, another seller, none (no offer), suppressed (offers but no winner: Amazon suppressed the Buy Box) or unknown (no answer)." });

const dashboardRow = z.object({
  asin: z.string(),
  marketplace,
  title: z.string().nullable(),
  image: z.string().nullable(),
  brand: z.string().nullable(),
  category: z.string().nullable(),
  rank: z.number().nullable(),
  rankChange7d: z.number().nullable(),
  velocity,
  price: money.nullable(),
  priceSource: z.enum(["lowest_offer"]).optional().meta({ description: "Present when no offer won the Buy Box: `price` is then the lowest offer's, not a Buy Box price." }),
  buyBox: buyBoxHolder.meta({ description: "The Buy Box most shoppers see (the Prime one where there is one)." }),
  buyBoxes: z
    .object({ prime: buyBoxHolder, nonPrime: buyBoxHolder })
    .meta({ description: "Each Buy Box apart: the one Prime members see and the one other shoppers see." }),
  fulfillableUnits: z.number().nullable(),
  sparkline: z.array(z.object({ day: z.string(), rank: z.number().nullable() })),
  rankSource: source,
  sellerSource: source,
});

export const dashboardSchema: z.ZodType<DashboardResponse> = z
  .object({
    marketplaces: z.array(marketplace),
    brand: z.string().nullable(),
    kpis: z.object({
      tracked: z.object({ value: z.number(), source }),
      averageRank: z.object({ value: z.number().nullable(), source }),
      buyBox: z.object({ held: z.number(), of: z.number(), source }),
      lowStock: z.object({ value: z.number().nullable(), source }),
      biggestMover: z.object({ asin: z.string(), marketplace, rankChangePercent: z.number() }).nullable(),
      biggestMoverSource: source,
    }),
    rows: z.array(dashboardRow),
    page: z
      .object({ number: z.number(), size: z.number(), total: z.number(), pages: z.number(), sort: z.enum(DASHBOARD_SORTS), order: z.enum(["asc", "desc"]) })
      .optional(),
    anyRankChange: z.boolean().optional(),
    demo: z.boolean(),
    intraday: z.boolean().openapi({ description: "Whether your plan has intraday points (GET /api/dashboard/intraday); Free has daily points only." }),
  })
  .openapi("Dashboard");

export const intradaySchema: z.ZodType<IntradayResponse> = z
  .object({
    series: z.array(
      z.object({
        asin: z.string(),
        marketplace,
        points: z.array(z.object({ at: z.string(), source: z.enum(["live", "mock"]), rank: z.number().nullable(), price: z.number().nullable() })),
      }),
    ),
  })
  .openapi("Intraday");

export const buyBoxShareSchema: z.ZodType<BuyBoxShareResponse> = z
  .object({
    marketplace,
    fromDay: z.string(),
    toDay: z.string(),
    items: z.array(
      z.object({
        asin: z.string(),
        heldDays: z.number().int().meta({ description: "Days this workspace's seller held the Buy Box most shoppers see." }),
        knownDays: z.number().int().meta({ description: "Days its holder is known; a day with no offer or a suppressed Buy Box counts as not held." }),
        share: z.number().nullable().meta({ description: "heldDays / knownDays, 0 to 1; null when no day is known." }),
        days: z.array(z.object({ day: z.string(), holder: buyBoxHolder })),
        mock: z.boolean().meta({ description: "Some days come from the demo's mock seller API, not from Amazon." }),
      }),
    ),
  })
  .openapi("BuyBoxShare");

export const refreshSchema: z.ZodType<RefreshResponse> = z
  .object({ refreshed: z.number().int(), nextAllowedAt: z.string().openapi({ format: "date-time" }) })
  .openapi("Refresh");

export const portfolioSchema: z.ZodType<PortfolioResponse> = z
  .object({
    marketplace: marketplace.nullable(),
    marketplaces: z.array(marketplace),
    range: z.enum(HISTORY_RANGES),
    brands: z.array(z.string()),
    categories: z.array(z.string()),
    kpis: z.object({
      totalRevenue: money.nullable(),
      revenueNote: z.string().nullable(),
      revenueSource: source,
      revenueMissingDays: z.number().int().min(0),
      averageRank: z.number().nullable(),
      topPerformers: z.number(),
      needsAttention: z.number(),
      rankSource: source,
    }),
    brandRows: z.array(
      z.object({
        brand: z.string(),
        products: z.number(),
        averageRank: z.number().nullable(),
        rankChangePercent: z.number().nullable(),
        revenue: money.nullable(),
        revenueNote: z.string().nullable(),
        status: z.enum(["top-performer", "growing", "needs-attention", "steady"]),
        source,
      }),
    ),
    heatmap: z.array(
      z.object({
        category: z.string(),
        products: z.number(),
        rankChangePercent: z.number().nullable(),
        band: z.enum(["high", "medium", "low"]).nullable(),
        direction: z.enum(["improving", "worsening", "flat"]).nullable(),
      }),
    ),
    connection: z.string().nullable().openapi({ description: "The seller connection drilled into; null: all of the workspace's." }),
    clients: z.object({
      revenueByCurrency: z.array(money).openapi({ description: "One total per currency, never converted." }),
      revenueSource: source,
      averageRank: z.number().nullable(),
      rankSource: source,
      topPerformers: z.number(),
      needsAttention: z.number(),
      rows: z.array(
        z.object({
          connectionId: z.string(),
          name: z.string(),
          region: z.string(),
          products: z.number(),
          averageRank: z.number().nullable(),
          rankChangePercent: z.number().nullable(),
          revenue: z.array(money),
          status: z.enum(["top-performer", "growing", "needs-attention", "steady"]),
        }),
      ),
    }),
    demo: z.boolean(),
  })
  .openapi("Portfolio");

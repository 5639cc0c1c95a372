/**
 * The three /resources comparison guides: where each lives, what it says about the other
 * tool's strengths, and where RankLayer fits instead. Kept out of comparison.ts so the
 * home page's first-load bundle does not carry them.
 */
import type { Competitor } from "./comparison";

export interface ComparisonGuide {
  competitor: Competitor;
  path: string;
  title: string;
  summary: string;
  theirStrengths: readonly string[];
  rankLayerFit: readonly string[];
}

export const COMPARISON_GUIDES: readonly ComparisonGuide[] = [
  {
    competitor: "keepa",
    path: "/resources/ranklayer-vs-keepa",
    title: "RankLayer vs Keepa",
    summary:
      "Keepa is a long-standing price and rank history tracker. RankLayer reads Amazon's official APIs and adds a read-only view of your own seller account.",
    theirStrengths: [
      "Years of recorded price and sales-rank history for a very large catalog",
      "Browser extension charts right on the Amazon product page",
      "Price-drop alerts that are popular with deal hunters and resellers",
    ],
    rankLayerFit: [
      "You want figures that come straight from Amazon's official APIs",
      "You want your own catalog, Buy Box ownership and inventory in one read-only dashboard",
      "You run several brands or clients and need scheduled CSV and PDF reports",
    ],
  },
  {
    competitor: "jungle-scout",
    path: "/resources/ranklayer-vs-jungle-scout",
    title: "RankLayer vs Jungle Scout",
    summary:
      "Jungle Scout is built for product research and launching. RankLayer is built for monitoring the listings you already run, with Amazon's own numbers.",
    theirStrengths: [
      "A large product database with filters for finding new product ideas",
      "Sales estimates and supplier research for planning a launch",
      "Training material and a large community of new sellers",
    ],
    rankLayerFit: [
      "You care about actual Best Sellers Rank over time rather than modelled sales estimates",
      "You need Buy Box and low-inventory alerts on listings you already sell",
      "You want a free lookup with no sign-up before you commit to anything",
    ],
  },
  {
    competitor: "helium-10",
    path: "/resources/ranklayer-vs-helium-10",
    title: "RankLayer vs Helium 10",
    summary:
      "Helium 10 is a broad all-in-one suite. RankLayer does one job, rank intelligence from Amazon's official APIs, and keeps seller access read-only.",
    theirStrengths: [
      "Keyword research and keyword-rank tracking tools",
      "Listing optimisation, advertising and research tools in one subscription",
      "A wide set of alerts for changes to your listings",
    ],
    rankLayerFit: [
      "You want a focused rank, Buy Box and inventory monitor, not a full suite",
      "You want access that is read-only and can never change a listing",
      "You want to start with free lookups and pay only when you connect a seller account",
    ],
  },
];

export function comparisonGuide(competitor: Competitor): ComparisonGuide {
  const guide = COMPARISON_GUIDES.find((candidate) => candidate.competitor === competitor);
  if (guide === undefined) throw new Error(`No comparison guide for ${competitor}`);
  return guide;
}

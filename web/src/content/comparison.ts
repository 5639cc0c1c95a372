/**
 * What the comparison tables say about RankLayer and the other seller tools, one row per
 * criterion. Claims about the others stay modest and stick to what their own public
 * product pages describe; readers are pointed there for current details.
 */
export type Competitor = "keepa" | "jungle-scout" | "helium-10";

export const COMPARISON_CRITERIA = [
  { key: "dataSource", label: "Data source" },
  { key: "accuracy", label: "Accuracy" },
  { key: "compliance", label: "Compliance" },
  { key: "buyBox", label: "Buy Box tracking" },
  { key: "rankHistory", label: "Rank history" },
  { key: "idealUser", label: "Ideal user" },
] as const;

export type ComparisonCriterion = (typeof COMPARISON_CRITERIA)[number]["key"];

export interface ToolProfile {
  name: string;
  facts: Record<ComparisonCriterion, string>;
}

export const RANKLAYER_PROFILE: ToolProfile = {
  name: "RankLayer",
  facts: {
    dataSource: "Amazon's official Creators API for lookups; the read-only Selling Partner API for connected sellers (Pro)",
    accuracy: "Amazon's own figures, never modelled estimates; free results are at most 24 hours old",
    compliance: "Official Amazon APIs only, no scraping; read-only OAuth that never changes a listing",
    buyBox: "Pro: Buy Box share and ownership-change alerts",
    rankHistory: "Free: 7-day cached snapshots. Pro: continuous history with rank velocity",
    idealUser: "Sellers, agencies and brand operators who want Amazon's own numbers across many listings",
  },
};

export const COMPETITOR_PROFILES: Record<Competitor, ToolProfile> = {
  keepa: {
    name: "Keepa",
    facts: {
      dataSource: "Its own long-running tracking of Amazon product pages",
      accuracy: "Detailed recorded history; how often a product is refreshed varies with its popularity",
      compliance: "Independent third-party data; no seller account connection needed",
      buyBox: "Yes: Buy Box price and seller history",
      rankHistory: "Yes: long-term price and sales-rank charts",
      idealUser: "Resellers, deal hunters and sellers researching price history",
    },
  },
  "jungle-scout": {
    name: "Jungle Scout",
    facts: {
      dataSource: "Its own product database and sales estimates, plus optional Seller Central connection",
      accuracy: "Sales and revenue figures are modelled estimates",
      compliance: "Third-party research data; connected-account features go through Amazon's APIs",
      buyBox: "Not its main focus",
      rankHistory: "Yes: rank and sales-estimate history in its research tools",
      idealUser: "Sellers researching new products and niches",
    },
  },
  "helium-10": {
    name: "Helium 10",
    facts: {
      dataSource: "Its own product and keyword database, plus optional Seller Central connection",
      accuracy: "Sales and keyword volumes are modelled estimates",
      compliance: "Third-party research data; connected-account features go through Amazon's APIs",
      buyBox: "Yes: listing and Buy Box change alerts",
      rankHistory: "Yes: product rank and keyword-rank history",
      idealUser: "Sellers who want one broad suite for research, keywords, listings and ads",
    },
  },
};

/** Shown under every comparison table: where the claims come from, and whose marks the names are. */
export function comparisonNote(others: readonly ToolProfile[]): string {
  const sources =
    "Based on each tool's public product pages in 2026; features change, so check their sites for current details.";
  const names = others.map((tool) => tool.name);
  if (names.length === 0) return sources;
  const trademarks =
    names.length === 1
      ? `${names[0]} is a trademark of its owner, who is not affiliated with RankLayer.`
      : `${names.slice(0, -1).join(", ")} and ${names.at(-1)} are trademarks of their owners, who are not affiliated with RankLayer.`;
  return `${sources} ${trademarks}`;
}

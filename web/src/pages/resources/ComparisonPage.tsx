// Placeholder until this page is built (replaced in the same change set).
export type Competitor = "keepa" | "jungle-scout" | "helium-10";

export function ComparisonPage({ competitor }: { competitor: Competitor }) {
  return <h1>RankLayer vs {competitor}</h1>;
}

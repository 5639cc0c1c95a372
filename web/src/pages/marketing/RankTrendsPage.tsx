// Placeholder until this page is built (replaced in the same change set).
export function RankTrendsPage() {
  return <h1>Rank Trends</h1>;
}

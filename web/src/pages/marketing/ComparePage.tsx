// Placeholder until this page is built (replaced in the same change set).
export function ComparePage() {
  return <h1>Compare</h1>;
}

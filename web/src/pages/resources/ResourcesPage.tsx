// Placeholder until this page is built (replaced in the same change set).
export function ResourcesPage() {
  return <h1>Resources</h1>;
}

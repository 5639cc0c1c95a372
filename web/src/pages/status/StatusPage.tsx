// Placeholder until this page is built (replaced in the same change set).
export function StatusPage() {
  return <h1>Status</h1>;
}

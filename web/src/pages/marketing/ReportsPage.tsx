// Placeholder until this page is built (replaced in the same change set).
export function ReportsPage() {
  return <h1>Reports</h1>;
}

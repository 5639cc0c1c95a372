// Placeholder until this page is built (replaced in the same change set).
export function DashboardPage() {
  return <h1>Dashboard</h1>;
}

// Placeholder until this page is built (replaced in the same change set).
export function ConnectPage() {
  return <h1>Connect</h1>;
}

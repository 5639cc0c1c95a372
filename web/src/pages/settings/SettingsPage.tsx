// Placeholder until this page is built (replaced in the same change set).
export function SettingsPage() {
  return <h1>Settings</h1>;
}

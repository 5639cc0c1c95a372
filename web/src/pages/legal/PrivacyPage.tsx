// Placeholder until this page is built (replaced in the same change set).
export function PrivacyPage() {
  return <h1>Privacy</h1>;
}

// Placeholder until this page is built (replaced in the same change set).
export function TermsPage() {
  return <h1>Terms</h1>;
}

// Placeholder until this page is built (replaced in the same change set).
export function PricingPage() {
  return <h1>Pricing</h1>;
}

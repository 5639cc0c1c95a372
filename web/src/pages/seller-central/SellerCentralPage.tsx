// Placeholder until this page is built (replaced in the same change set).
export function SellerCentralPage() {
  return <h1>Seller Central</h1>;
}

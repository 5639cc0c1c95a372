// Placeholder until this page is built (replaced in the same change set).
export function ContactSuccessPage() {
  return <h1>Thank you</h1>;
}

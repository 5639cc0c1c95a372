// Placeholder until this page is built (replaced in the same change set).
export function ContactPage() {
  return <h1>Contact</h1>;
}

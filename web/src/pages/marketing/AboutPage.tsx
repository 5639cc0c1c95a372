// Placeholder until this page is built (replaced in the same change set).
export function AboutPage() {
  return <h1>About</h1>;
}

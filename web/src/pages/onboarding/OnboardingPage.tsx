// Placeholder until this page is built (replaced in the same change set).
export function OnboardingPage() {
  return <h1>Onboarding</h1>;
}

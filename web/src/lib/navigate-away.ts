/** Leaves the app for another site (Stripe Checkout, the Customer Portal): a full page load. */
export function navigateAway(url: string): void {
  window.location.assign(url);
}

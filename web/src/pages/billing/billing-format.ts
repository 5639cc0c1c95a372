// Written out rather than Intl.DateTimeFormat: the page's first Intl call is a long task (see lib/group-digits.ts).
const MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"];

/** "December 24, 2026" from an ISO time, in UTC like the rest of the app. */
export function formatDay(iso: string): string {
  const time = Date.parse(iso);
  if (Number.isNaN(time)) return iso;
  const date = new Date(time);
  return `${MONTHS[date.getUTCMonth()]} ${date.getUTCDate()}, ${date.getUTCFullYear()}`;
}

// Stripe's subscription statuses in words; an unknown one is shown capitalised rather than hidden.
const STATUS_WORDS: Record<string, string> = {
  active: "Active",
  trialing: "Trial",
  past_due: "Payment failed, retrying",
  canceled: "Canceled",
  incomplete: "Waiting for the first payment",
  incomplete_expired: "First payment not made",
  unpaid: "Unpaid",
  paused: "Paused",
};

/** The Status line of the current plan: words, not Stripe's raw values; Free after a canceled Pro or Agency says so plainly. */
export function statusText(subscription: { plan_id: string; status: string | null }, signedIn: boolean): string {
  if (!signedIn) return "Signed out";
  const { status } = subscription;
  if (status === null) return subscription.plan_id === "free" ? "No paid subscription" : "Active";
  if (subscription.plan_id === "free" && !["active", "trialing", "past_due"].includes(status)) {
    // The answer carries no paid plan once it ended, so neither Pro nor Agency is named.
    return status === "canceled" ? "No paid subscription (the last one was canceled)" : "No paid subscription";
  }
  return STATUS_WORDS[status] ?? status.charAt(0).toUpperCase() + status.replaceAll("_", " ").slice(1);
}

import type { AccountDeleted } from "@contract/sign-in";

/** "1 API key", "2 API keys". */
const counted = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** What "Delete my account" did and what stays, shown on /signin once the account is gone. */
export function DeletedReport({ report }: { report: AccountDeleted }) {
  const { erased } = report;
  const items = [
    counted(erased.sessions, "session"),
    counted(erased.apiKeys, "API key"),
    counted(erased.alerts, "alert"),
    counted(erased.notifications, "notification"),
    counted(erased.watchlist, "watchlist entry", "watchlist entries"),
    counted(erased.passkeys, "passkey"),
  ];
  return (
    <section aria-labelledby="account-deleted" className="settings-section" role="status">
      <h2 id="account-deleted">Your account is deleted</h2>
      <ul>
        {/* The plan may have been Agency, and several workspaces' subscriptions may have gone: no plan is named. */}
        <li>{report.subscription === "canceled" ? "Your paid subscription was canceled at Stripe." : "There was no paid subscription to cancel."}</li>
        <li>
          Erased: {items.join(", ")}
          {erased.refreshToken ? ", the Amazon authorization" : ""}
          {erased.email ? `, and ${erased.email}` : ""}.
        </li>
        {report.kept.map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
    </section>
  );
}

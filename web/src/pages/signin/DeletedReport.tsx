import type { AccountDeleted } from "@contract/sign-in";

/** What "Delete my account" did and what stays, shown on /signin once the account is gone. */
export function DeletedReport({ report }: { report: AccountDeleted }) {
  const { erased } = report;
  return (
    <section aria-labelledby="account-deleted" className="settings-section" role="status">
      <h2 id="account-deleted">Your account is deleted</h2>
      <ul>
        <li>{report.subscription === "canceled" ? "Your Pro subscription was canceled at Stripe." : "There was no paid subscription to cancel."}</li>
        <li>
          Erased: {erased.sessions} sessions, {erased.apiKeys} API keys, {erased.alerts} alerts, {erased.notifications} notifications,{" "}
          {erased.watchlist} watchlist entries, {erased.passkeys} passkeys{erased.refreshToken ? ", the Amazon authorization" : ""}
          {erased.email ? `, and ${erased.email}` : ""}.
        </li>
        {report.kept.map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
    </section>
  );
}

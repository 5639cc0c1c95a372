import { Link } from "react-router-dom";
import { BILLING_PATH } from "@contract/billing";

/**
 * An error from the server, as an alert. A "limit reached" message names /billing (the way
 * up): it gets a link there, so every limit message leads to the upgrade.
 */
export function LimitMessage({ text, className = "field-error" }: { text: string; className?: string }) {
  return (
    <p className={className} role="alert">
      {text}
      {text.includes(BILLING_PATH) && (
        <>
          {" "}
          <Link to={BILLING_PATH}>See plans and upgrade</Link>
        </>
      )}
    </p>
  );
}

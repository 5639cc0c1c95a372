import { Link } from "./Link";
import { BILLING_PATH } from "@contract/billing";

/**
 * An error from the server, as an alert. A "limit reached" message names /billing (the way
 * up): it gets a link there, so every limit message leads to the upgrade. `inline` turns the
 * path itself into the link, so no raw path is printed.
 */
export function LimitMessage({ id, text, className = "field-error", inline = false }: { id?: string; text: string; className?: string; inline?: boolean }) {
  const at = text.indexOf(` at ${BILLING_PATH}`);
  if (inline && at >= 0) {
    // "Upgrade to Pro at /billing to lift it." reads "Upgrade to Pro on the Billing page to lift it.", the page a link.
    return (
      <p id={id} className={className} role="alert">
        {text.slice(0, at)} on <Link to={BILLING_PATH}>the Billing page</Link>
        {text.slice(at + ` at ${BILLING_PATH}`.length)}
      </p>
    );
  }
  return (
    <p id={id} className={className} role="alert">
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

/**
 * A refused change to a table's row, in a row of its own under it (a line under the table may be
 * out of view): it spans the columns, and stays within the screen when the table scrolls sideways.
 * Here, not in a file of its own: a new chunk would add its name to the first load's preload map.
 */
export function RefusalRow({ columns, text }: { columns: number; text: string }) {
  return (
    <tr>
      <td colSpan={columns}>
        <LimitMessage className="field-error refusal refusal--in-table" text={text} inline />
      </td>
    </tr>
  );
}

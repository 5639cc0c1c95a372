import { LimitMessage } from "./LimitMessage";

/**
 * A refused change to a table's row, in a row of its own under it (a line under the table may be
 * out of view): it spans the columns, and stays within the screen when the table scrolls sideways.
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

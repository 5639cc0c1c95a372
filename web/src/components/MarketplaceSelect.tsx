import { useId } from "react";
import { marketplaceLabel, oneOf } from "../lib/marketplaces";

interface MarketplaceSelectProps<Code extends string> {
  label: string;
  /** The marketplaces this form accepts; the select offers exactly these. */
  options: readonly Code[];
  value: Code;
  onChange: (code: Code) => void;
  disabled?: boolean;
  className?: string;
  /** The select's id, when the form focuses it or points at it (defaults to a generated one). */
  id?: string;
  /** The id of the message that says what is wrong with the choice; the select is then marked invalid. */
  errorId?: string;
}

/** A labelled marketplace select that only ever reports one of its own options. */
export function MarketplaceSelect<Code extends string>({ label, options, value, onChange, disabled, className, id: givenId, errorId }: MarketplaceSelectProps<Code>) {
  const generatedId = useId();
  const id = givenId ?? generatedId;

  return (
    <div className={className ? `field ${className}` : "field"}>
      <label htmlFor={id}>{label}</label>
      <select
        id={id}
        value={value}
        disabled={disabled}
        aria-invalid={errorId === undefined ? undefined : true}
        aria-describedby={errorId}
        onChange={(event) => {
          const code = oneOf(options, event.target.value);
          if (code) onChange(code);
        }}
      >
        {options.map((code) => (
          <option key={code} value={code}>
            {marketplaceLabel(code)}
          </option>
        ))}
      </select>
    </div>
  );
}

import type { InputHTMLAttributes, ReactNode } from "react";
import { readPastedAsin } from "@contract/asin-input";
import type { Marketplace } from "@contract/marketplaces";

type AsinFieldProps = Omit<InputHTMLAttributes<HTMLInputElement>, "id" | "type" | "value" | "onChange" | "maxLength"> & {
  id: string;
  value: string;
  /**
   * Gets the ASIN as read from what was typed or pasted (trimmed, upper-cased, taken out of an
   * Amazon product URL) and, for a URL, its marketplace, which a form with a select may take.
   */
  onValueChange(value: string, marketplace: Marketplace | null): void;
  /** Shown under the input, e.g. its error. */
  children?: ReactNode;
};

/**
 * The labelled ASIN box of the signed-in forms. It has no maxlength, which would cut a paste
 * such as " B08N5WRWNW " or a product URL short; the pasted text is read instead.
 */
export function AsinField({ id, value, onValueChange, children, ...attributes }: AsinFieldProps) {
  return (
    <div className="field">
      <label htmlFor={id}>ASIN</label>
      <input
        type="text"
        placeholder="e.g. B08N5WRWNW"
        autoComplete="off"
        autoCapitalize="characters"
        spellCheck={false}
        {...attributes}
        id={id}
        value={value}
        onChange={(event) => {
          const { asin, marketplace } = readPastedAsin(event.target.value);
          onValueChange(asin, marketplace);
        }}
      />
      {children}
    </div>
  );
}

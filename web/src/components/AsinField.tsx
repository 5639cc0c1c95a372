import type { InputHTMLAttributes, ReactNode } from "react";
import { ASIN_LENGTH } from "../../../worker/contract/marketplaces";

type AsinFieldProps = Omit<InputHTMLAttributes<HTMLInputElement>, "id" | "type" | "value" | "onChange"> & {
  id: string;
  value: string;
  /** Gets the text upper-cased, as ASINs are written. */
  onValueChange(value: string): void;
  /** Shown under the input, e.g. its error. */
  children?: ReactNode;
};

/** The labelled ASIN box of the signed-in forms: capped at 10 characters and upper-cased as typed. */
export function AsinField({ id, value, onValueChange, children, ...attributes }: AsinFieldProps) {
  return (
    <div className="field">
      <label htmlFor={id}>ASIN</label>
      <input
        type="text"
        maxLength={ASIN_LENGTH}
        placeholder="e.g. B08N5WRWNW"
        autoComplete="off"
        autoCapitalize="characters"
        spellCheck={false}
        {...attributes}
        id={id}
        value={value}
        onChange={(event) => onValueChange(event.target.value.toUpperCase())}
      />
      {children}
    </div>
  );
}

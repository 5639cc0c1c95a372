import type { InputHTMLAttributes } from "react";
import { ASIN_LENGTH } from "../../../worker/schemas/marketplaces";

type AsinInputProps = Omit<InputHTMLAttributes<HTMLInputElement>, "type" | "value" | "onChange"> & {
  value: string;
  /** Gets the text upper-cased, as ASINs are written. */
  onValueChange(value: string): void;
};

/** The ASIN text box of the signed-in forms: capped at 10 characters and upper-cased as typed. */
export function AsinInput({ value, onValueChange, ...attributes }: AsinInputProps) {
  return (
    <input
      type="text"
      maxLength={ASIN_LENGTH}
      placeholder="e.g. B08N5WRWNW"
      autoComplete="off"
      autoCapitalize="characters"
      spellCheck={false}
      {...attributes}
      value={value}
      onChange={(event) => onValueChange(event.target.value.toUpperCase())}
    />
  );
}

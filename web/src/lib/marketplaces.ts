import { MARKETPLACE_NAMES } from "@contract/marketplaces";

export function marketplaceLabel(code: string): string {
  const name = (MARKETPLACE_NAMES as Record<string, string | undefined>)[code];
  return name === undefined ? code : `${name} (${code})`;
}

/** `value` as one of `options` (a select's value, typed back), or undefined when it is none of them. */
export function oneOf<T extends string>(options: readonly T[], value: string): T | undefined {
  return options.find((option) => option === value);
}

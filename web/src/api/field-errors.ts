import { ApiError } from "./api-error";

/**
 * What a form shows next to its fields, from the same schema the Worker validates with.
 * Structural types only: this module never imports zod, and it is used by lazy pages only,
 * which already carry the schemas.
 */

/** A form's message per field; a field without one is valid. */
export type FieldErrors<Field extends string> = Partial<Record<Field, string>>;

/** One problem with one input: a zod issue, or an item of a 422 detail read as one. */
export interface FieldIssue {
  readonly path: readonly PropertyKey[];
  readonly message: string;
}

/**
 * The first message for each of `fields` among a failed safeParse's issues. An issue belongs
 * to the first segment of its path that names a field (zod paths start with it; a 422
 * detail's loc starts with "json"); issues about anything else have no field to show on.
 */
export function fieldErrorsOf<Field extends string>(
  error: { readonly issues: readonly FieldIssue[] },
  fields: readonly Field[],
): FieldErrors<Field> {
  const errors: FieldErrors<Field> = {};
  for (const { path, message } of error.issues) {
    const field = path.find((part): part is Field => (fields as readonly PropertyKey[]).includes(part));
    if (field !== undefined) errors[field] ??= message;
  }
  return errors;
}

/**
 * The field errors of the Worker's 422 answer (its detail lists `{loc, msg}`), for the rules
 * only the server can check; none for any other failure.
 */
export function serverFieldErrors<Field extends string>(error: unknown, fields: readonly Field[]): FieldErrors<Field> {
  if (!(error instanceof ApiError) || error.status !== 422 || !Array.isArray(error.detail)) return {};
  const issues = error.detail.flatMap((item: unknown): FieldIssue[] =>
    typeof item === "object" && item !== null && "loc" in item && "msg" in item && Array.isArray(item.loc)
      ? [{ path: item.loc as PropertyKey[], message: String(item.msg) }]
      : [],
  );
  return fieldErrorsOf({ issues }, fields);
}

import type * as z from "zod";

/** An ASIN, or a pasted Amazon URL with its usual parameters, and the other fields fit well within it. */
export const MAX_KEY_LENGTH = 1_024;

/**
 * A copy of `schema` that answers an input it has parsed before from memory. A route's validator
 * (@hono/zod-validator) calls `safeParseAsync` on every request, and the lookups of a busy ASIN
 * send the same few query strings again and again. For pure schemas only: the same input always
 * gets the same answer, so a remembered one is exactly what parsing again would give. Only
 * successes are kept, at most `size` of them (the oldest leaves first), frozen since requests
 * share them, and only for inputs up to MAX_KEY_LENGTH: an object schema lets unknown query
 * parameters through, and 1,000 answers keyed by URLs of many kilobytes would hold megabytes.
 * The copy is patched; `schema` itself, which other code may import, is not.
 */
export function withParseMemo<S extends z.ZodType>(schema: S, size = 1_000): S {
  const copy = schema.clone() as S;
  const parse = copy.safeParseAsync.bind(copy);
  const answers = new Map<string, z.ZodSafeParseResult<z.output<S>>>();
  copy.safeParseAsync = async (data, params) => {
    // Query and header values are text (or lists of it), so their JSON names the input exactly.
    const key = JSON.stringify(data);
    if (key.length > MAX_KEY_LENGTH) return parse(data, params);
    const known = answers.get(key);
    if (known) return known;
    const answer = await parse(data, params);
    if (answer.success) {
      if (answer.data !== null && typeof answer.data === "object") Object.freeze(answer.data);
      answers.set(key, Object.freeze(answer));
      if (answers.size > size) answers.delete(answers.keys().next().value as string);
    }
    return answer;
  };
  return copy;
}

import { describe, expect, it } from "vitest";
import * as z from "zod";
import { lookupQuerySchema } from "../../../worker/contract/lookup-query";
import { MAX_KEY_LENGTH, withParseMemo } from "../../../worker/openapi/parse-memo";

/** A query schema that counts how often it really parses. */
function countingSchema() {
  let parses = 0;
  const schema = z.object({ asin: z.string().refine((asin) => (parses++, /^[A-Z0-9]{10}$/.test(asin)), "not an ASIN") });
  return { schema, parses: () => parses };
}

describe("withParseMemo: a query parsed once is answered from memory", () => {
  it("answers as the schema does, parsing each successful input once", async () => {
    const { schema, parses } = countingSchema();
    const remembering = withParseMemo(schema);
    const first = await remembering.safeParseAsync({ asin: "B0MEMO0001" });
    expect(first).toEqual(await schema.safeParseAsync({ asin: "B0MEMO0001" }));
    const before = parses();
    expect(await remembering.safeParseAsync({ asin: "B0MEMO0001" })).toEqual(first);
    expect(parses()).toBe(before);
    // Another input is parsed.
    expect((await remembering.safeParseAsync({ asin: "B0MEMO0002" })).success).toBe(true);
    expect(parses()).toBe(before + 1);
  });

  it("parses a failing input every time, and answers its issues as the schema does", async () => {
    const { schema, parses } = countingSchema();
    const remembering = withParseMemo(schema);
    const answer = await remembering.safeParseAsync({ asin: "nope" });
    expect(answer.success).toBe(false);
    expect(answer.error?.issues).toEqual((await schema.safeParseAsync({ asin: "nope" })).error?.issues);
    const before = parses();
    await remembering.safeParseAsync({ asin: "nope" });
    expect(parses()).toBe(before + 1);
  });

  it("keeps at most `size` answers, the oldest leaving first", async () => {
    const { schema, parses } = countingSchema();
    const remembering = withParseMemo(schema, 2);
    for (const asin of ["B0MEMO0001", "B0MEMO0002", "B0MEMO0003"]) await remembering.safeParseAsync({ asin });
    const before = parses();
    await remembering.safeParseAsync({ asin: "B0MEMO0003" });
    await remembering.safeParseAsync({ asin: "B0MEMO0002" });
    expect(parses()).toBe(before);
    await remembering.safeParseAsync({ asin: "B0MEMO0001" });
    expect(parses()).toBe(before + 1);
  });

  it("parses an input longer than MAX_KEY_LENGTH every time: unknown parameters cannot fill memory", async () => {
    const { schema, parses } = countingSchema();
    const remembering = withParseMemo(schema);
    const long = { asin: "B0MEMO0001", junk: "x".repeat(MAX_KEY_LENGTH) };
    expect((await remembering.safeParseAsync(long)).success).toBe(true);
    const before = parses();
    expect(await remembering.safeParseAsync(long)).toEqual(await schema.safeParseAsync(long));
    expect(parses()).toBe(before + 2);
  });

  it("shares frozen answers, and leaves the schema it copies as it was", async () => {
    const remembering = withParseMemo(lookupQuerySchema);
    const answer = await remembering.safeParseAsync({ asin: "https://www.amazon.de/dp/B08N5WRWNW", marketplace: undefined });
    expect(answer).toMatchObject({ success: true, data: { asin: "B08N5WRWNW", marketplace: "DE" } });
    expect(Object.isFrozen(answer.data)).toBe(true);
    expect(remembering).not.toBe(lookupQuerySchema);
    expect(Object.isFrozen((await lookupQuerySchema.safeParseAsync({ asin: "B08N5WRWNW" })).data)).toBe(false);
  });
});

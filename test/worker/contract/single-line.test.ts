import { describe, expect, it } from "vitest";
import { NO_CONTROL_CHARACTERS, SINGLE_LINE } from "../../../worker/contract/single-line";

/** The Unicode properties the two patterns spell out as code points (they need the u flag). */
const BY_PROPERTY = { SINGLE_LINE: /^[^\p{Cc}\p{Bidi_Control}]*$/u, NO_CONTROL_CHARACTERS: /^[^\p{Cc}]*$/u };

describe("one line of plain text", () => {
  it.each([
    ["SINGLE_LINE", SINGLE_LINE],
    ["NO_CONTROL_CHARACTERS", NO_CONTROL_CHARACTERS],
  ] as const)("%s refuses exactly the code points its Unicode properties name, with no flag", (name, pattern) => {
    expect(pattern.flags).toBe("");
    const differ: string[] = [];
    for (let point = 0; point <= 0xffff; point++) {
      const text = `a${String.fromCharCode(point)}b`;
      if (pattern.test(text) !== BY_PROPERTY[name].test(text)) differ.push(point.toString(16));
    }
    expect(differ).toEqual([]);
    // Beyond the BMP (a pair of surrogates without the flag) nothing is refused, as with it.
    expect(pattern.test("Team 🚀")).toBe(true);
  });

  it("refuses a new header and a reversed name, and takes names in any script", () => {
    expect(SINGLE_LINE.test("Acme\r\nBcc: x@example.com")).toBe(false);
    expect(SINGLE_LINE.test("Acme \u202Egnp.exe")).toBe(false);
    expect(SINGLE_LINE.test("Müller & Söhne — 株式会社")).toBe(true);
    expect(NO_CONTROL_CHARACTERS.test("Acme \u202Egnp.exe")).toBe(true);
    expect(NO_CONTROL_CHARACTERS.test("Acme\tLtd")).toBe(false);
  });
});

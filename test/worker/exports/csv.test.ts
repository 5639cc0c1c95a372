import { describe, expect, it } from "vitest";
import { BOM, buildCsv, csvField } from "../../../worker/exports/csv";
import { exportFileName } from "../../../worker/exports/export-table";

describe("CSV builder", () => {
  it("starts with a BOM, has one header row and ends every record with CRLF", () => {
    expect(buildCsv(["ASIN", "Rank"], [["B08N5WRWNW", 12], ["B07XJ8C8F5", null]])).toBe(
      `${BOM}ASIN,Rank\r\nB08N5WRWNW,12\r\nB07XJ8C8F5,\r\n`,
    );
  });

  it("quotes fields with quotes, commas and line breaks, doubling the quotes (RFC 4180)", () => {
    expect(csvField('Mug, 12 oz "Large"')).toBe('"Mug, 12 oz ""Large"""');
    expect(csvField("two\nlines")).toBe('"two\nlines"');
    expect(csvField("crlf\r\nhere")).toBe('"crlf\r\nhere"');
    expect(csvField("plain")).toBe("plain");
    expect(csvField("Café ☕ 東京")).toBe("Café ☕ 東京");
  });

  it.each([
    ["=HYPERLINK(\"http://evil\")", "\"'=HYPERLINK(\"\"http://evil\"\")\""],
    ["+1+2", "'+1+2"],
    ["-2+3", "'-2+3"],
    ["@SUM(A1)", "'@SUM(A1)"],
    ["\tcmd", "'\tcmd"],
    ["\rcmd", "\"'\rcmd\""],
  ])("neutralises %j against formula injection", (text, field) => {
    expect(csvField(text)).toBe(field);
  });

  it("quotes a field holding a semicolon, so Excel in a semicolon locale (de, fr) cannot start a formula inside it", () => {
    // Opened by double click there, Excel splits unquoted fields at ";": the part after it would be a cell of its own.
    expect(csvField("Mug;=cmd|'/C calc'!A0")).toBe("\"Mug;=cmd|'/C calc'!A0\"");
    expect(csvField("Acme; Ltd")).toBe('"Acme; Ltd"');
    expect(buildCsv(["Brand"], [["a;@SUM(A1)"]])).toBe(`${BOM}Brand\r\n"a;@SUM(A1)"\r\n`);
  });

  it("writes numbers and booleans as they are (a negative number is data, not a formula) and empties for none", () => {
    expect(csvField(-12.5)).toBe("-12.5");
    expect(csvField(true)).toBe("true");
    expect(csvField(undefined)).toBe("");
    expect(csvField(Number.NaN)).toBe("");
  });

  it("a number that reaches the CSV as text stays a number: only text cells get the formula guard", () => {
    expect(csvField("-15")).toBe("-15");
    expect(csvField("-0.5")).toBe("-0.5");
    expect(buildCsv(["Brand", "Rank change %"], [["Acme", "-50"]])).toBe(`${BOM}Brand,Rank change %\r\nAcme,-50\r\n`);
    // Still text (and guarded): anything more than a plain number.
    expect(csvField("-15+1")).toBe("'-15+1");
    expect(csvField("-1e3")).toBe("'-1e3");
  });

  it("names files ranklayer-<stem>-<UTC day>.<format>", () => {
    const now = Date.UTC(2026, 10, 23, 23, 59);
    expect(exportFileName("compare-US", "csv", now)).toBe("ranklayer-compare-US-2026-11-23.csv");
    expect(exportFileName("../x y", "pdf", now)).toBe("ranklayer-x-y-2026-11-23.pdf");
  });
});

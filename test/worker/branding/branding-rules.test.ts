import { describe, expect, it } from "vitest";
import { checkAccentColor, checkDisplayName, checkLogo, contrastWithWhite, LOGO_MAX_BYTES } from "../../../worker/branding/branding-rules";
import { PLAIN_SVG, PNG_1X1, svg } from "./logo-fixtures";

describe("display name", () => {
  it("is trimmed, collapsed and capped; control characters and angle brackets are refused", () => {
    expect(checkDisplayName("  Acme   Agency ")).toEqual({ ok: true, value: "Acme Agency" });
    expect(checkDisplayName("   ").ok).toBe(false);
    expect(checkDisplayName("x".repeat(81)).ok).toBe(false);
    expect(checkDisplayName("Acme\u0007").ok).toBe(false);
    expect(checkDisplayName("<b>Acme</b>").ok).toBe(false);
  });
});

describe("accent colour", () => {
  it("takes #rrggbb dark enough for white text, lower-cased", () => {
    expect(checkAccentColor("#1D4ED8")).toEqual({ ok: true, value: "#1d4ed8" });
    expect(contrastWithWhite("#000000")).toBeCloseTo(21, 5);
    expect(contrastWithWhite("#ffffff")).toBeCloseTo(1, 5);
  });

  it("refuses a light colour naming its contrast, and anything not #rrggbb", () => {
    const light = checkAccentColor("#ffd700");
    expect(light.ok).toBe(false);
    if (!light.ok) expect(light.detail).toMatch(/too light for white text \(contrast 1\.\d\d:1, at least 4\.5:1/);
    // #767676 is the lightest grey with 4.5:1 on white; #777777 falls just short.
    expect(checkAccentColor("#767676").ok).toBe(true);
    expect(checkAccentColor("#777777").ok).toBe(false);
    for (const bad of ["1d4ed8", "#1d4ed", "#1d4ed8ff", "blue", "#gggggg"]) expect(checkAccentColor(bad).ok).toBe(false);
  });
});

describe("logo", () => {
  it("accepts a PNG and a plain SVG by their content", () => {
    expect(checkLogo(PNG_1X1, "image/png")).toEqual({ ok: true, value: "image/png" });
    expect(checkLogo(PLAIN_SVG, "image/svg+xml; charset=utf-8")).toEqual({ ok: true, value: "image/svg+xml" });
  });

  it("refuses a file too big, empty, of another type, or not what it claims", () => {
    const big = new Uint8Array(LOGO_MAX_BYTES + 1);
    big.set(PNG_1X1);
    expect(checkLogo(big, "image/png")).toMatchObject({ ok: false, detail: "The logo is larger than 256 kB." });
    expect(checkLogo(new Uint8Array(), "image/png").ok).toBe(false);
    expect(checkLogo(PNG_1X1, "image/jpeg")).toMatchObject({ ok: false, detail: expect.stringContaining("PNG (image/png) or an SVG") });
    expect(checkLogo(PLAIN_SVG, "image/png")).toMatchObject({ ok: false, detail: "The file is not a PNG image." });
    expect(checkLogo(PNG_1X1, "image/svg+xml").ok).toBe(false);
    expect(checkLogo(new TextEncoder().encode("<html><svg xmlns='http://www.w3.org/2000/svg'/></html>"), "image/svg+xml").ok).toBe(false);
    expect(checkLogo(new TextEncoder().encode("<svg><path/></svg>"), "image/svg+xml").ok).toBe(false);
  });

  it("refuses an SVG that could run or fetch anything", () => {
    const dangerous = [
      svg("<script>alert(1)</script>"),
      svg("<SCRIPT xlink:href='x.js'/>"),
      svg(`<path d="M0 0" onload="alert(1)"/>`),
      svg(`<foreignObject><iframe src="https://evil.test"/></foreignObject>`),
      svg(`<a href="javascript:alert(1)"><path d="M0 0"/></a>`),
      svg(`<image href="https://evil.test/track.png"/>`),
      svg(`<style>@import url(https://evil.test/x.css);</style>`),
      svg(`<path style="fill:url(https://evil.test/p)"/>`),
      new TextEncoder().encode(`<!DOCTYPE svg [<!ENTITY x SYSTEM "file:///etc/passwd">]><svg xmlns="http://www.w3.org/2000/svg">&x;</svg>`),
    ];
    for (const bytes of dangerous) {
      const checked = checkLogo(bytes, "image/svg+xml");
      expect(checked.ok, new TextDecoder().decode(bytes)).toBe(false);
    }
    // An in-document gradient reference is fine.
    expect(checkLogo(svg(`<path fill="url(#g)" d="M0 0"/>`), "image/svg+xml").ok).toBe(true);
  });

  it("refuses a script or loader hidden behind a namespace prefix, a character reference or a CSS escape", () => {
    const hidden = [
      // The XML parser reads a prefixed element by its namespace: this is an SVG <script>.
      svg(`<s:script xmlns:s="http://www.w3.org/2000/svg">alert(1)</s:script>`),
      svg(`<h:script xmlns:h="http://www.w3.org/1999/xhtml">alert(1)</h:script>`),
      svg(`<s:foreignObject xmlns:s="http://www.w3.org/2000/svg"><p>x</p></s:foreignObject>`),
      svg(`<s:animate xmlns:s="http://www.w3.org/2000/svg" attributeName="fill" to="red"/>`),
      // Character references are decoded before CSS or a URL sees the value.
      svg(`<path style="fill:&#117;rl(https://evil.test/p)" d="M0 0"/>`),
      svg(`<style>&#64;import "https://evil.test/x.css";</style>`),
      // CSS reads u\72l( as url( and @\69mport as @import.
      svg(`<path style="fill:u\\72l(https://evil.test/p)" d="M0 0"/>`),
      svg(`<style>@\\69mport "https://evil.test/x.css";</style>`),
    ];
    for (const bytes of hidden) {
      const checked = checkLogo(bytes, "image/svg+xml");
      expect(checked.ok, new TextDecoder().decode(bytes)).toBe(false);
    }
    // A plain logo with ordinary character references (text, a gradient reference) still passes.
    expect(checkLogo(svg(`<text x="0" y="9">Acme &amp; Co &#169;</text><path fill="url(&#35;g)" d="M0 0"/>`), "image/svg+xml").ok).toBe(true);
  });
});

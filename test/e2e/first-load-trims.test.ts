import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { firstLoadJs } from "../../build/first-load-js.ts";
import { markComponentsPure } from "../../build/router-tree-shaking.ts";

// What the first-load JS leaves out: react-router's components the app does not use
// (build/router-tree-shaking.ts), and the typed API client only later pages need (api/call-json.ts).

describe("markComponentsPure", () => {
  it("marks each component's forwardRef call pure and empties its displayName line, keeping the lines", () => {
    const module = [
      "var Link = React10.forwardRef(",
      "  function LinkWithRef(props, ref) {",
      "    let Inner = React10.forwardRef(render);",
      '    Inner.displayName = "inner";',
      "  }",
      ");",
      'Link.displayName = "Link";',
      'var DataRouterContext = React.createContext(null);',
    ].join("\n");
    const { code, components } = markComponentsPure(module);
    expect(components).toBe(2);
    expect(code.split("\n")).toEqual([
      "var Link = /* @__PURE__ */ React10.forwardRef(",
      "  function LinkWithRef(props, ref) {",
      "    let Inner = /* @__PURE__ */ React10.forwardRef(render);",
      // Inside a function it runs only when called: left as it is.
      '    Inner.displayName = "inner";',
      "  }",
      ");",
      "",
      "var DataRouterContext = React.createContext(null);",
    ]);
  });

  it("counts no component in a module without forwardRef calls", () => {
    expect(markComponentsPure("export const a = 1;\n").components).toBe(0);
  });
});

describe("the built first-load JS of /", () => {
  const dist = join(process.cwd(), "dist");
  const { files } = firstLoadJs(readFileSync(join(dist, "index.html"), "utf8"), (file) => readFileSync(join(dist, file)));
  const code = files.map((file) => readFileSync(join(dist, file), "utf8")).join("\n");

  it("holds none of react-router's <Link> (its route discovery attribute) or <Form> (its form encodings)", () => {
    expect(files.length).toBeGreaterThan(0);
    expect(code).not.toContain("data-discover");
    expect(code).not.toContain("application/x-www-form-urlencoded");
  });

  it("holds no typed hc client: the calls of every page go by path, and the client loads with the pages that use it", () => {
    // hono/client brings hono's cookie helpers along, whose error texts name cookie prefixes.
    expect(code).not.toContain("__Host-");
  });
});

import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { firstLoadJs } from "../../build/first-load-js.ts";
import { markComponentsPure, routerTreeShaking } from "../../build/router-tree-shaking.ts";

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
    const { code, components, displayNames } = markComponentsPure(module);
    expect(components).toBe(2);
    expect(displayNames).toBe(1);
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

describe("routerTreeShaking", () => {
  const ROUTER_CHUNK = "/app/node_modules/react-router/dist/production/chunk-ABC.mjs";
  /** One build through the plugin: each module transformed, then the build's end; what it refused. */
  function build(modules: Record<string, string>): string[] {
    const plugin = routerTreeShaking();
    // As Rollup's, this.error throws: the build stops at the first.
    const context = {
      error: (message: string) => {
        throw new Error(message);
      },
    };
    const hook = <F>(h: F | { handler: F } | undefined) => (typeof h === "object" && h !== null && "handler" in h ? h.handler : h) as F;
    try {
      hook(plugin.buildStart as () => void)?.call(context as never);
      for (const [id, code] of Object.entries(modules)) hook(plugin.transform as (code: string, id: string) => unknown).call(context as never, code, id);
      hook(plugin.buildEnd as (error?: Error) => void)?.call(context as never);
    } catch (error) {
      return [(error as Error).message];
    }
    return [];
  }
  const components = 'var Link = React10.forwardRef(render);\nLink.displayName = "Link";\n';

  it("passes a build whose react-router chunk has its components in the known shape", () => {
    expect(build({ [ROUTER_CHUNK]: components, "/app/web/src/main.tsx": "export {};" })).toEqual([]);
  });

  // A react-router upgrade that renames its files, drops forwardRef or writes displayName another
  // way would otherwise ship every component again with the build passing.
  it.each([
    ["its build in another folder", { "/app/node_modules/react-router/dist/prod/chunk-ABC.mjs": components }],
    ["components without forwardRef", { [ROUTER_CHUNK]: 'function Link(props) {}\nLink.displayName = "Link";\n' }],
    ["displayName written another way", { [ROUTER_CHUNK]: "var Link = React10.forwardRef(render);\nLink.displayName = 'Link';\n" }],
  ])("fails the build when react-router ships %s", (_shape, modules) => {
    expect(build(modules)).toEqual([expect.stringContaining("build/router-tree-shaking.ts")]);
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

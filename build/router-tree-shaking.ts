import type { Plugin } from "vite";

/**
 * Lets the build drop the parts of react-router the app never uses. react-router ships its
 * components as `var Link = React.forwardRef(…); Link.displayName = "Link";`: a call the bundler
 * must assume has side effects, and a property write it must keep, so every component (Form,
 * Link's route prefetching, NavLink, Await, …) stayed in the first-load JS whether imported or
 * not. This marks those calls pure and leaves out the `displayName` lines (names React DevTools
 * shows; the production build shows none in the page), so unused components go, about 3 kB
 * gzip. Lines keep their numbers (a line emptied, a comment added), so the chunk's source map
 * still holds. The build fails if react-router's output no longer has that shape, rather than
 * quietly shipping it all again.
 */
export function routerTreeShaking(): Plugin {
  return {
    name: "ranklayer:router-tree-shaking",
    apply: "build",
    enforce: "pre",
    transform(code, id) {
      if (!/\/node_modules\/react-router\/dist\/production\/chunk-[^/]+\.mjs$/.test(id) || !code.includes(".forwardRef(")) return null;
      const { code: pure, components } = markComponentsPure(code);
      if (components === 0) this.error(`${id} defines components in a shape build/router-tree-shaking.ts does not know`);
      return { code: pure, map: null };
    },
  };
}

/** The module with its `= React.forwardRef(` calls marked pure and its `X.displayName = "X";` lines emptied. */
export function markComponentsPure(code: string): { code: string; components: number } {
  let components = 0;
  const pure = code
    .replace(/(=\s*)(React\d*\.forwardRef\()/g, (_match, assign: string, call: string) => {
      components += 1;
      return `${assign}/* @__PURE__ */ ${call}`;
    })
    .replace(/^[\w$]+\.displayName = "[^"\n]*";$/gm, "");
  return { code: pure, components };
}

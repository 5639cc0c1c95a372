import type { Plugin } from "vite";

/**
 * Lets the build drop the parts of react-router the app never uses. react-router ships its
 * components as `var Link = React.forwardRef(…); Link.displayName = "Link";`: a call the bundler
 * must assume has side effects, and a property write it must keep, so every component (Form,
 * Link's route prefetching, NavLink, Await, …) stayed in the first-load JS whether imported or
 * not. This marks those calls pure and leaves out the `displayName` lines (names React DevTools
 * shows; the production build shows none in the page), so unused components go, about 3 kB
 * gzip. Lines keep their numbers (a line emptied, a comment added), so the chunk's source map
 * still holds. The build fails if react-router's output no longer has that shape (a chunk with
 * forwardRef calls none of which it knows, or by the build's end no component marked pure or no
 * displayName line left out: its files moved, forwardRef gone), rather than quietly shipping it all again.
 */
export function routerTreeShaking(): Plugin {
  const shape = "in a shape build/router-tree-shaking.ts does not know (see it, and docs/performance.md)";
  let components = 0;
  let displayNames = 0;
  return {
    name: "ranklayer:router-tree-shaking",
    apply: "build",
    enforce: "pre",
    buildStart() {
      components = 0;
      displayNames = 0;
    },
    transform(code, id) {
      if (!/\/node_modules\/react-router\/dist\/production\/[^/]+\.[cm]?js$/.test(id) || !code.includes(".forwardRef(")) return null;
      const pure = markComponentsPure(code);
      if (pure.components === 0) this.error(`${id} defines components ${shape}`);
      components += pure.components;
      displayNames += pure.displayNames;
      return { code: pure.code, map: null };
    },
    // Checked over the whole build: a react-router whose files, forwardRef calls or displayName
    // lines look otherwise would leave every component in the first-load JS with no error at all.
    buildEnd(error) {
      if (error) return;
      if (components === 0) this.error(`No react-router component marked pure: its production build ships them ${shape}`);
      if (displayNames === 0) this.error(`No react-router displayName line left out: its production build writes them ${shape}`);
    },
  };
}

/** The module with its `= React.forwardRef(` calls marked pure and its `X.displayName = "X";` lines emptied. */
export function markComponentsPure(code: string): { code: string; components: number; displayNames: number } {
  let components = 0;
  let displayNames = 0;
  const pure = code
    .replace(/(=\s*)(React\d*\.forwardRef\()/g, (_match, assign: string, call: string) => {
      components += 1;
      return `${assign}/* @__PURE__ */ ${call}`;
    })
    .replace(/^[\w$]+\.displayName = "[^"\n]*";$/gm, () => {
      displayNames += 1;
      return "";
    });
  return { code: pure, components, displayNames };
}

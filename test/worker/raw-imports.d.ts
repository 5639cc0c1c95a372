/** Vite's `?raw` import (the worker tests run through Vite): a file's text, e.g. a docs page a test checks. */
declare module "*.md?raw" {
  const text: string;
  export default text;
}

import * as z from "zod";

// No eval, anywhere: Workers refuse it, and so does the site's CSP, where zod's probe (a caught
// `new Function("")`) is still reported as a CSP violation (Lighthouse's best-practices audit).
z.config({ jitless: true });

// Import it as a namespace (`import * as z from "./zod-jitless"`), as zod's docs do: bundlers then
// keep only the parts of zod in use. A `z` binding (`import { z }`) keeps all of zod.
export * from "zod";

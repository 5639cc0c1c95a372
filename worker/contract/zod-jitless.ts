import { z } from "zod";

// No eval, anywhere: Workers refuse it, and so does the site's CSP, where zod's probe (a caught
// `new Function("")`) is still reported as a CSP violation (Lighthouse's best-practices audit).
z.config({ jitless: true });

export { z };

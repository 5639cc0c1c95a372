/**
 * zod for the Worker's route and answer schemas: `import * as z from "../openapi/zod"`.
 * A namespace import lets the build keep only the parts of zod the Worker uses; `import { z }
 * from "@hono/zod-openapi"`, as hono's docs show it, keeps all of zod, about 95 KiB more for
 * every cold start to parse (docs/adr/0012-split-worker-build.md). Importing @hono/zod-openapi
 * here puts `.openapi()` on zod's schemas before any module that imports this one runs.
 */
import "@hono/zod-openapi";

export * from "../contract/zod-jitless";

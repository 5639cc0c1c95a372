import { readFileSync } from "node:fs";
import { beforeAll, describe, expect, it } from "vitest";
import { startupInputs, WORKER_METAFILE } from "../../build/worker-bundle.ts";

/**
 * What a cold start of the Worker, as `npm run build` built it for deploying, parses and runs: the
 * lookup path and nothing a lookup does not need (docs/adr/0012-split-worker-build.md). Each package
 * or module below loads on its first use instead; were one imported statically again, every cold
 * start would pay for it. Read from the build's metafile: building again here cost 3.5 s of CPU.
 */
describe("the Worker's cold start", () => {
  let inputs: string[] = [];

  beforeAll(() => {
    inputs = [...startupInputs(JSON.parse(readFileSync(WORKER_METAFILE, "utf8")))];
  });

  const loaded = (pattern: RegExp) => inputs.filter((input) => pattern.test(input));

  it("loads the lookup and health routes, and only the parts of zod they use", () => {
    for (const route of ["worker/routes/v1-lookup.ts", "worker/routes/health.ts"]) expect(inputs).toContain(route);
    expect(loaded(/node_modules\/zod\/v4\/classic\/schemas\.js$/)).toHaveLength(1);
    // zod's namespace objects (`z`, `z.core`) are never built as values: a `z` passed or exported
    // as a value would keep every export of zod (worker/openapi/zod.ts).
    expect(loaded(/node_modules\/zod\/v4\/(classic\/external|core\/index)\.js$/)).toEqual([]);
  });

  it("builds no schema a lookup does not validate with: the history's request schemas load with its routes", () => {
    expect(loaded(/^worker\/contract\/history\.ts$/)).toEqual([]);
    expect(inputs).toContain("worker/contract/history-response.ts");
  });

  it("loads no D1 store code: drizzle and the tables load with the first signed-in, key or background request", () => {
    expect(loaded(/node_modules\/drizzle-orm\//)).toEqual([]);
    expect(loaded(/^worker\/db\//)).toEqual([]);
  });

  it("loads neither jose, the seller and Creators clients, Stripe, passkeys nor the PDF writer", () => {
    expect(loaded(/node_modules\/(jose|stripe|pdf-lib|@pdf-lib|@simplewebauthn|@peculiar)\//)).toEqual([]);
    // The product schema loads beside an isolate's first KV read (lookup/cache.ts).
    expect(loaded(/^worker\/(upstreams\/spapi\/(client|lwa)|upstreams\/creators\/(client|token|mapping|item-schema)|seller\/)/)).toEqual([]);
  });

  it("loads no route group but the lookup's and health's (not even the compare's), and no scheduled job", () => {
    // Beside the two groups: the app's middleware that lives with the routes (the role and idempotency checks, whose store loads on first use).
    const routes = loaded(/^worker\/routes\/[^/]+\.ts$/).filter((input) => !/\/(v1-lookup|health|lazy-routes|route-permissions|idempotent-creates|caller-plan)\.ts$/.test(input));
    expect(routes).toEqual([]);
    expect(loaded(/^worker\/jobs\/(cron|nightly-run\/(start|slice)|alert-check\/(check|run))/)).toEqual([]);
  });
});

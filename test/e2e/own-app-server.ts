import { afterAll, beforeAll, expect } from "vitest";
import { E2E_VARS } from "./e2e-vars.ts";
import { startLocalApp, type LocalApp } from "./local-app.ts";

/**
 * An app server of the test file's own, up before its tests: for files that fire the cron
 * triggers, so a nightly run sees only that file's accounts while other files run beside it.
 */
export function useOwnAppServer(): { readonly url: string; fireCron(cron: string, scheduledTimeMs?: number): Promise<void> } {
  let server: LocalApp | undefined;
  beforeAll(async () => {
    server = await startLocalApp(E2E_VARS);
  }, 90_000);
  afterAll(async () => server?.stop());
  return {
    get url() {
      if (!server) throw new Error("the file's app server is not up yet (read url inside a test)");
      return server.url;
    },
    /** What `wrangler dev` does at that cron time: by default its scheduledTime is now, so the UTC day is today. */
    async fireCron(cron: string, scheduledTimeMs?: number) {
      if (!server) throw new Error("the file's app server is not up yet (fire crons inside a test)");
      const response = await server.fireCron(cron, scheduledTimeMs);
      expect(response.ok, `scheduled ${cron}: ${await response.text()}`).toBe(true);
    },
  };
}

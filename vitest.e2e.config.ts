import { defineConfig } from "vitest/config";
import { LongestFirst } from "./test/e2e/longest-first.ts";

export default defineConfig({
  test: {
    include: ["test/e2e/**/*.test.ts"],
    environment: "node",
    globalSetup: ["./test/e2e/global-setup.ts"],
    // npm test starts this suite while the Worker suite is still running, so a test may get half
    // the CPU it gets alone: twice the 30 s a test here takes at most on its own.
    testTimeout: 60_000,
    hookTimeout: 90_000,
    // A page settles in well under a second on a quiet machine, but a lazy chunk and its render took
    // longer than expect.poll's default 1 s on a loaded one (a head check after a footer link
    // failed a CI run). A poll still fails when the state never comes, only later.
    expect: { poll: { timeout: 10_000 } },
    // Two files at a time, each worker with its one browser (sharedBrowser); they share the global
    // app server (files that fire the crons start their own). The suite keeps both CPUs busy, Chromium about half
    // of it: four files at a time took 416 s against 314 on 2026-11-27.
    maxWorkers: 2,
    // Each worker runs file after file with the modules it has loaded (playwright-core, the
    // fakes, the helpers): importing them again for every file was 7 to 8 % of the suite's time,
    // 2 % since. Each file still opens its own contexts and starts its own servers.
    isolate: false,
    sequence: { sequencer: LongestFirst },
  },
});

import react from "@vitejs/plugin-react";
import { defineConfig } from "vitest/config";
import { siteUrl } from "./build/site-url.ts";
import { contractAlias } from "./vite.config.ts";

// Component tests for the SPA in a simulated DOM; fetch is mocked, the Worker never runs.
export default defineConfig({
  plugins: [react()],
  // As in vite.config.ts: `@contract/…` is worker/contract/.
  resolve: { alias: contractAlias },
  // As in vite.config.ts: the origin of canonical links.
  define: { "import.meta.env.SITE_URL": JSON.stringify(siteUrl()) },
  test: {
    environment: "happy-dom",
    include: ["test/web/**/*.test.tsx", "test/extension/**/*.test.ts"],
    // A fresh page per file. Reusing one page file after file was about 2.5 times faster (15 s
    // against 38 s), but with workspaces, seller pickers and role checks each page asks for more at
    // mount, and what one file left in flight made others fail at random (a different file each run).
    isolate: true,
    // Two files at a time, one per CPU on CI (45 s; three at a time took 38 s but starved pages
    // waiting on their requests often enough to fail a test now and then).
    maxWorkers: 2,
    // As in the Worker suite: a settings page test that takes 0.6 s alone came near the default
    // 5 s while the machine was busy.
    testTimeout: 15_000,
    setupFiles: ["./test/web/setup.ts"],
  },
});

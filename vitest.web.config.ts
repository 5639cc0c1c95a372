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
    // A fresh page per file: each file runs in its own VM context with its own happy-dom window.
    // Reusing one page file after file was faster still, but with workspaces, seller pickers and
    // role checks each page asks for more at mount, and what one file left in flight made others
    // fail at random. A VM context per file in a kept thread took 33 to 35 s on 2026-11-27's 2-core
    // machine, against 61 s for a thread per file and 95 s for a process per file (the default),
    // most of which was starting happy-dom again. Its cost is memory (about 1.5 GB at the peak).
    pool: "vmThreads",
    // Two files at a time, one per CPU on CI (three at a time starved pages waiting on their
    // requests often enough to fail a test now and then).
    maxWorkers: 2,
    // As in the Worker suite: a settings page test that takes 0.6 s alone came near the default
    // 5 s while the machine was busy.
    testTimeout: 15_000,
    setupFiles: ["./test/web/setup.ts"],
  },
});

import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["test/e2e/**/*.test.ts"],
    environment: "node",
    globalSetup: ["./test/e2e/global-setup.ts"],
    testTimeout: 30_000,
    hookTimeout: 90_000,
    // One app server and one browser: files run one after another.
    fileParallelism: false,
  },
});

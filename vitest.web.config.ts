import react from "@vitejs/plugin-react";
import { defineConfig } from "vitest/config";

// Component tests for the SPA in a simulated DOM; fetch is mocked, the Worker never runs.
export default defineConfig({
  plugins: [react()],
  test: {
    environment: "happy-dom",
    include: ["test/web/**/*.test.tsx"],
    setupFiles: ["./test/web/setup.ts"],
  },
});

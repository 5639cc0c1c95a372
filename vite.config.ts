import { fileURLToPath } from "node:url";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";
import { firstLoadJsBudget } from "./build/first-load-js.ts";
import { routeHtml } from "./build/route-html.ts";
import { siteUrl } from "./build/site-url.ts";

const outDir = fileURLToPath(new URL("./dist", import.meta.url));
/** `@contract/…`: the API contract the web app shares with the Worker (tsconfig.web.json paths). */
export const contractAlias = { "@contract": fileURLToPath(new URL("./worker/contract", import.meta.url)) };
const site = siteUrl();

export default defineConfig({
  root: "web",
  plugins: [react(), routeHtml(site), firstLoadJsBudget()],
  resolve: { alias: contractAlias },
  define: {
    // The SPA's canonical and og:url, the same origin the build writes into the HTML files.
    "import.meta.env.SITE_URL": JSON.stringify(site),
  },
  build: {
    outDir,
    emptyOutDir: true,
    // Vite's per-chunk report, with gzip sizes.
    reportCompressedSize: true,
  },
  server: {
    proxy: {
      "/api": "http://127.0.0.1:8787",
    },
  },
});

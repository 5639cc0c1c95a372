/**
 * Saved-shape Amazon pages for the extension's browser test, served over HTTPS from 127.0.0.1.
 * Chromium maps Amazon's hosts here (--host-resolver-rules) and, started with
 * --ignore-certificate-errors, accepts the committed self-signed test certificate (a throwaway
 * made for this test, trusted by nothing), so the extension's real match patterns
 * (https://www.amazon.com/dp/*) apply unchanged and no test needs openssl.
 */
import { readFileSync } from "node:fs";
import { createServer } from "node:https";

const FIXTURES = new URL("./fixtures/amazon/", import.meta.url);
const page = (name: string) => readFileSync(new URL(name, FIXTURES), "utf8");

export interface AmazonFixtures {
  port: number;
  /** Chromium's --host-resolver-rules value mapping the fixture hosts here. */
  hostRules: string;
  stop(): Promise<void>;
}

export const FIXTURE_HOSTS = ["www.amazon.com", "www.amazon.de"] as const;

function searchResult(asin: string, index: number): string {
  return `<div data-asin="${asin}" data-index="${index}" data-component-type="s-search-result" class="s-result-item s-asin">
            <div class="puis-card-container"><h2 class="a-size-mini"><a href="/dp/${asin}"><span>Result ${index + 1}</span></a></h2></div>
          </div>`;
}

/** `searchAsins` fill the search page (/s?k=…) in order. */
export async function startAmazonFixtures(searchAsins: string[]): Promise<AmazonFixtures> {
  const search = page("search-us.html").replace("<!--RESULTS-->", searchAsins.map(searchResult).join("\n          "));
  const server = createServer({ key: page("throwaway-test-key.pem"), cert: page("throwaway-test-cert.pem") }, (request, response) => {
    const url = new URL(request.url ?? "/", `https://${request.headers.host ?? "www.amazon.com"}`);
    const html = /\/(dp|gp\/product)\//.test(url.pathname)
      ? page(url.hostname === "www.amazon.de" ? "product-de.html" : "product-us.html")
      : url.pathname === "/s"
        ? search
        : page("help.html");
    response.writeHead(200, { "Content-Type": "text/html; charset=utf-8" });
    response.end(html);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : 0;
  return {
    port,
    hostRules: FIXTURE_HOSTS.map((host) => `MAP ${host} 127.0.0.1:${port}`).join(", "),
    async stop() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

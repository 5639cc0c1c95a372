/**
 * A fake Selling Partner API (Catalog Items 2022-04-01 getCatalogItem) on the real regional
 * hosts. It checks what the real service checks (a live LWA access token in
 * x-amz-access-token, a marketplace id of the host's region, the includedData values) and
 * answers with the model's own sandbox example, re-addressed to the requested ASIN and
 * marketplace, or with its ErrorList shape.
 *
 * Tests inside workerd drive it under https://spapi-fake.test/__control/:
 *   POST script  { asin, behavior, retryAfterSeconds? }
 *        behavior: normal | no_ranks | not_found | forbidden | throttled | error500
 *   GET  calls?asin=                      { calls: SellerCallRecord[] }
 */
import { getCatalogItemExample } from "../worker/fixtures/spapi/get-catalog-item.ts";
import { json, type LwaFake } from "./lwa-upstream.ts";
import type { FakeUpstream } from "./outbound.ts";
import type { SellerCallRecord } from "./spapi-calls.ts";

export const SPAPI_CONTROL_HOST = "spapi-fake.test";
const REGION_MARKETPLACES: Record<string, readonly string[]> = {
  "sellingpartnerapi-na.amazon.com": ["ATVPDKIKX0DER", "A2EUQ1WTGCTBG2", "A1AM78C64UM0Y8", "A2Q3Y263D00KWC"],
  "sellingpartnerapi-eu.amazon.com": ["A1F83G8C2ARO7P", "A1PA6795UKMFR9", "A13V1IB3VIYZZH", "APJ6JRA9NG5V4", "A1RKKUPIHCS9HS"],
  "sellingpartnerapi-fe.amazon.com": ["A1VC38T7YXB528", "A39IBJ37TRP1C6", "A19VAU5U5O7RUS"],
};
const ITEM_PATH = /^\/catalog\/2022-04-01\/items\/([^/]+)$/;
const INCLUDED_DATA = new Set(["attributes", "classifications", "dimensions", "identifiers", "images", "productTypes", "relationships", "salesRanks", "summaries", "vendorDetails"]);

export const CATALOG_BEHAVIORS = ["normal", "no_ranks", "not_found", "forbidden", "throttled", "error500"] as const;
type Behavior = (typeof CATALOG_BEHAVIORS)[number];

export class SpApiFake implements FakeUpstream {
  private scripts = new Map<string, { behavior: Behavior; retryAfterSeconds?: number }>();
  private log: SellerCallRecord[] = [];
  private seq = 0;

  constructor(private readonly lwa: LwaFake) {}

  handles(url: URL): boolean {
    return url.hostname in REGION_MARKETPLACES || url.hostname === SPAPI_CONTROL_HOST;
  }

  async handle(request: Request): Promise<Response> {
    const url = new URL(request.url);
    if (url.hostname === SPAPI_CONTROL_HOST) return this.control(request, url);

    const accessToken = request.headers.get("x-amz-access-token") ?? "";
    const base: Omit<SellerCallRecord, "seq" | "status" | "kind"> = {
      method: request.method,
      url: url.href,
      host: url.hostname,
      path: url.pathname,
      query: Object.fromEntries(url.searchParams),
      accessToken,
    };
    const match = ITEM_PATH.exec(url.pathname);
    if (request.method !== "GET" || !match) {
      this.record({ ...base, kind: "unknown", status: 404, error: "no such operation" });
      return errorList(404, "NotFound", `No operation at ${request.method} ${url.pathname}`);
    }
    const asin = decodeURIComponent(match[1]!);
    const fail = (status: number, code: string, message: string, headers: Record<string, string> = {}) => {
      this.record({ ...base, kind: "catalog", status, error: `${code}: ${message}` });
      return errorList(status, code, message, headers);
    };

    if (!this.lwa.isLiveAccessToken(accessToken)) {
      return fail(403, "Unauthorized", "Access to requested resource is denied.");
    }
    const marketplaceIds = (url.searchParams.get("marketplaceIds") ?? "").split(",").filter(Boolean);
    if (marketplaceIds.length !== 1) return fail(400, "InvalidInput", "exactly one marketplaceIds value is expected");
    const marketplaceId = marketplaceIds[0]!;
    if (!REGION_MARKETPLACES[url.hostname]!.includes(marketplaceId)) {
      return fail(400, "InvalidInput", `Marketplace ${marketplaceId} is not served by ${url.hostname}`);
    }
    const includedData = (url.searchParams.get("includedData") ?? "summaries").split(",");
    if (!includedData.every((value) => INCLUDED_DATA.has(value))) {
      return fail(400, "InvalidInput", `Invalid includedData ${includedData.join(",")}`);
    }

    const script = this.scripts.get(asin) ?? { behavior: "normal" as const };
    switch (script.behavior) {
      case "not_found":
        return fail(404, "NOT_FOUND", `Requested item '${asin}' not found in marketplace(s) ${marketplaceId}`);
      case "forbidden":
        return fail(403, "Unauthorized", "Access to requested resource is denied.");
      case "throttled":
        return fail(429, "QuotaExceeded", "You exceeded your quota for the requested resource.", script.retryAfterSeconds ? { "Retry-After": String(script.retryAfterSeconds) } : {});
      case "error500":
        return fail(500, "InternalFailure", "We encountered an internal error. Please try again.");
      default: {
        this.record({ ...base, kind: "catalog", status: 200 });
        return json(200, exampleItem(asin, marketplaceId, includedData, script.behavior === "no_ranks"), {
          "x-amzn-RateLimit-Limit": "2.0",
        });
      }
    }
  }

  private async control(request: Request, url: URL): Promise<Response> {
    const action = url.pathname.slice("/__control/".length);
    if (request.method === "POST" && action === "script") {
      const input = (await request.json().catch(() => ({}))) as Record<string, unknown>;
      const behavior = input.behavior as Behavior;
      if (typeof input.asin !== "string" || !CATALOG_BEHAVIORS.includes(behavior)) {
        return json(400, { error: `script needs asin and a behavior of ${CATALOG_BEHAVIORS.join(", ")}` });
      }
      this.scripts.set(input.asin, {
        behavior,
        retryAfterSeconds: typeof input.retryAfterSeconds === "number" ? input.retryAfterSeconds : undefined,
      });
      return json(200, { ok: true });
    }
    if (request.method === "GET" && action === "calls") {
      const asin = url.searchParams.get("asin");
      return json(200, { calls: this.log.filter((call) => !asin || call.path?.endsWith(`/${asin}`)) });
    }
    return json(404, { error: `no control action ${request.method} ${action}` });
  }

  private record(call: Omit<SellerCallRecord, "seq">): void {
    this.seq += 1;
    this.log.push({ seq: this.seq, ...call });
  }
}

/** The model's sandbox example, only the requested includedData, re-addressed to asin and marketplace. */
function exampleItem(asin: string, marketplaceId: string, includedData: string[], withoutRanks: boolean) {
  const example = structuredClone(getCatalogItemExample.response) as Record<string, unknown>;
  const item: Record<string, unknown> = { asin };
  for (const key of includedData) {
    const value = example[key];
    if (!Array.isArray(value)) continue;
    if (key === "salesRanks" && withoutRanks) {
      item[key] = [];
      continue;
    }
    item[key] = value.map((entry: Record<string, unknown>) => ({ ...entry, marketplaceId }));
  }
  return item;
}

function errorList(status: number, code: string, message: string, headers: Record<string, string> = {}): Response {
  return json(status, { errors: [{ code, message, details: "" }] }, headers);
}

import { createExecutionContext, env, waitOnExecutionContext } from "cloudflare:test";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { app } from "../../../worker/app";
import { issueCompareReceipt, paidAsinsOf, RECEIPT_LIFETIME_SECONDS } from "../../../worker/compare/compare-receipt";
import type { CompareResponse } from "../../../worker/contract/compare";
import { readRateLimit } from "../../../worker/contract/rate-limit-fields";
import { buildServices } from "../../../worker/services";
import { createKey, sellerOnPlan, withKey } from "../api-keys/support";
import { control, newAsin, uniqueClient } from "../support/creators-fake";
import { liveEnv } from "../lookup/live-env";

let nextIp = 1;
const freshIp = () => `198.51.100.${nextIp++}`;
/** A Free month of 6 lookups, so what each request took shows in what is left. */
const SIX_A_MONTH = { LOOKUP_LIMIT_PER_MONTH: "6" };

async function get(path: string, ip: string, bindings: Env = { ...env, ...SIX_A_MONTH }) {
  const ctx = createExecutionContext();
  const res = await app.request(path, { headers: { "CF-Connecting-IP": ip } }, bindings, ctx);
  await waitOnExecutionContext(ctx);
  return res;
}

async function compare(asins: string[], ip: string, bindings?: Env) {
  const res = await get(`/api/v1/compare?asins=${asins.join(",")}`, ip, bindings);
  expect(res.status, await res.clone().text()).toBe(200);
  return res.json<CompareResponse>();
}

const exportCsv = (asins: string[], ip: string, receipt?: string, bindings?: Env) =>
  get(`/api/exports/compare?format=csv&asins=${asins.join(",")}${receipt === undefined ? "" : `&receipt=${encodeURIComponent(receipt)}`}`, ip, bindings);

/** Lookups this address has left this month: what a lookup (which takes one) leaves, plus that one. */
async function lookupsLeft(ip: string, bindings?: Env): Promise<number> {
  const res = await get(`/api/v1/lookup?asin=${newAsin()}`, ip, bindings);
  if (res.status === 429) return 0;
  return readRateLimit(res.headers, "month")!.remaining + 1;
}

beforeEach(() => {
  vi.spyOn(console, "error").mockImplementation(() => {});
});

describe("the compare's export receipt", () => {
  it("lets the compare's export, in either format and in any order, take no lookup again", async () => {
    const ip = freshIp();
    const asins = [newAsin(), newAsin()];
    const { exportReceipt } = await compare(asins, ip);
    expect(exportReceipt).toEqual(expect.any(String));
    expect((await exportCsv(asins, ip, exportReceipt)).status).toBe(200);
    expect((await exportCsv([...asins].reverse(), ip, exportReceipt)).status).toBe(200);
    expect((await get(`/api/exports/compare?format=pdf&asins=${asins[0]}&receipt=${exportReceipt}`, ip)).status).toBe(200);
    // 6 - 2 for the compare; without the receipt each export would have taken its ASINs again.
    expect(await lookupsLeft(ip)).toBe(4);
  });

  it("takes a lookup only for ASINs the compare did not pay for", async () => {
    const ip = freshIp();
    const asins = [newAsin(), newAsin()];
    const { exportReceipt } = await compare(asins, ip);
    const res = await exportCsv([...asins, newAsin()], ip, exportReceipt);
    expect(res.status).toBe(200);
    expect(await lookupsLeft(ip)).toBe(3);
  });

  it("is refused the lookups it still needs with the compare's 429, naming how many", async () => {
    const ip = freshIp();
    const paid = [newAsin(), newAsin(), newAsin()];
    const { exportReceipt } = await compare(paid, ip);
    // 3 left: two new ASINs fit beside the receipt's three, which are not counted again.
    expect((await exportCsv([...paid, newAsin(), newAsin()], ip, exportReceipt)).status).toBe(200);
    const refused = await exportCsv([...paid, newAsin(), newAsin()], ip, exportReceipt);
    expect(refused.status).toBe(429);
    expect(await refused.json()).toEqual({ code: "rate_limited", detail: expect.stringMatching(/^This compare needs 2 lookups and 1 are left this month\./) });
    expect(await lookupsLeft(ip)).toBe(1);
  });

  it("holds only for its payer and marketplace, and is worth nothing forged: the export then pays as without one", async () => {
    const ip = freshIp();
    const asins = [newAsin(), newAsin()];
    const { exportReceipt } = await compare(asins, ip);
    const other = freshIp();
    expect((await exportCsv(asins, other, exportReceipt)).status).toBe(200);
    expect(await lookupsLeft(other)).toBe(4);

    const [header, payload, signature] = exportReceipt!.split(".");
    const claims = JSON.parse(atob(payload!.replace(/-/g, "+").replace(/_/g, "/"))) as { asins: string[] };
    const widened = btoa(JSON.stringify({ ...claims, asins: [...claims.asins, "B0FORGED01"] })).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
    expect((await exportCsv(["B0FORGED01"], ip, `${header}.${widened}.${signature}`)).status).toBe(200);
    expect((await exportCsv([asins[0]!], ip, "not-a-receipt")).status).toBe(200);
    expect(await lookupsLeft(ip)).toBe(2);
  });

  it("lasts an hour, and says nothing of another marketplace", async () => {
    const services = buildServices(env);
    const payerKey = "ip:192.0.2.99";
    const asins = [newAsin()];
    const fresh = await issueCompareReceipt(services, payerKey, "US", asins);
    expect([...(await paidAsinsOf(services, fresh, payerKey, "US"))]).toEqual(asins);
    expect((await paidAsinsOf(services, fresh, payerKey, "CA")).size).toBe(0);
    expect((await paidAsinsOf(services, fresh, "ip:192.0.2.98", "US")).size).toBe(0);
    const stale = await issueCompareReceipt(services, payerKey, "US", asins, Date.now() - (RECEIPT_LIFETIME_SECONDS + 5) * 1000);
    expect((await paidAsinsOf(services, stale, payerKey, "US")).size).toBe(0);
  });

  it("leaves out the ASINs Amazon failed to answer, whose lookups were given back", async () => {
    const clientId = uniqueClient();
    const bindings = liveEnv(clientId, SIX_A_MONTH);
    const ip = freshIp();
    const [cached, failing] = [newAsin(), newAsin()];
    await compare([cached], ip, bindings);
    await control("script", { asin: failing, behavior: "error500" });
    const body = await compare([cached, failing], ip, bindings);
    expect(body.items.map((item) => item.ok)).toEqual([true, false]);
    // Amazon answers it now: the export pays its lookup, since the receipt leaves it out (6 - 1 - 1 - 1).
    await control("script", { asin: failing, behavior: "normal" });
    const file = await exportCsv([cached, failing], ip, body.exportReceipt, bindings);
    expect(file.status).toBe(200);
    expect((await file.text()).split("\r\n")[2]).toMatch(new RegExp(`^${failing},US,.*,Amazon \\(live\\),[^,]+,$`));
    expect(await lookupsLeft(ip, bindings)).toBe(3);
  });

  it("is not given for a key's compare, which takes no lookup", async () => {
    const { browser } = await sellerOnPlan("pro");
    const { key } = await createKey(browser);
    const res = await withKey(key, `/api/v1/compare?asins=${newAsin()}`);
    expect(res.status).toBe(200);
    expect((await res.json<CompareResponse>()).exportReceipt).toBeUndefined();
  });
});

import { exports } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { planFeatures } from "../../../worker/contract/features";
import { ENTERPRISE_PLAN, FREE_PLAN, PRO_PLAN, type Plan } from "../../../worker/contract/plans";
import { DEFAULT_LOOKUP_LIMITS } from "../../../worker/ratelimit/lookup-limit";

describe("plan features, derived from the plan facts", () => {
  it("lists the Free plan's limits, never unlimited lookups", () => {
    const features = planFeatures(FREE_PLAN);
    expect(features).toEqual([
      "100 lookups per month",
      "Compare up to 5 ASINs",
      "5 exports per day",
      "US marketplace",
    ]);
    expect(features.join(" ")).not.toMatch(/unlimited/i);
  });

  it("lists Pro's unlimited lookups, API quota, API key and priority support", () => {
    expect(planFeatures(PRO_PLAN)).toEqual([
      "Unlimited lookups",
      "Compare up to 10 ASINs",
      "CSV and PDF exports",
      "US, CA, MX, UK, DE, FR, IT, ES, JP marketplaces",
      "1,000 API requests per hour",
      "API access key",
      "Priority support",
    ]);
  });

  it("offers Enterprise as custom, multi-account and through sales", () => {
    const features = planFeatures(ENTERPRISE_PLAN);
    expect(features).toContain("Custom pricing");
    expect(features).toContain("Multi-account aggregation");
    expect(features).toContain("Contact sales");
  });

  it("follows the facts when they change", () => {
    const plan: Plan = { ...FREE_PLAN, lookupsPerMonth: 2500, compareLimit: 3, exportsPerDay: 1, apiRequestsPerHour: 50 };
    expect(planFeatures(plan)).toEqual([
      "2,500 lookups per month",
      "Compare up to 3 ASINs",
      "1 export per day",
      "US marketplace",
      "50 API requests per hour",
      "API access key",
    ]);
  });

  it("is where the free lookup quota comes from", () => {
    expect(DEFAULT_LOOKUP_LIMITS.perMonth).toBe(FREE_PLAN.lookupsPerMonth);
  });
});

describe("GET /api/billing/plans", () => {
  it("answers Free, Pro, Agency and Enterprise with their prices and features", async () => {
    const res = await exports.default.fetch("http://localhost/api/billing/plans");
    expect(res.status).toBe(200);
    const body = await res.json<{ plans: { id: string; name: string; price_usd: number | null; features: string[] }[] }>();
    expect(body.plans.map(({ id, name, price_usd }) => ({ id, name, price_usd }))).toEqual([
      { id: "free", name: "Free", price_usd: 0 },
      { id: "pro", name: "Pro", price_usd: 49 },
      { id: "agency", name: "Agency", price_usd: 39 },
      { id: "enterprise", name: "Enterprise", price_usd: null },
    ]);
    expect(body.plans[0]?.features).toEqual(planFeatures(FREE_PLAN));
    expect(body.plans[1]?.features).toContain("1,000 API requests per hour");
    expect(body.plans[2]).toMatchObject({ per_connection: true });
    expect(body.plans[2]?.features).toContain("Up to 50 seller accounts");
    expect(body.plans[3]?.features).toContain("Contact sales");
  });
});

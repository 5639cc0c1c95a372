import { describe, expect, it } from "vitest";
import { ApiError, liftedByPlan } from "../../../web/src/api/api-error";

/** The results and compare pages offer Pro's pricing only for a refusal a plan lifts. */
describe("liftedByPlan", () => {
  it("a plan's refusal and the monthly lookups are; the per-minute limit and other errors are not", () => {
    expect(liftedByPlan(new ApiError(403, "The Free plan does not allow this."))).toBe(true);
    expect(liftedByPlan(new ApiError(429, "Monthly lookup limit reached", 259_200))).toBe(true);
    expect(liftedByPlan(new ApiError(429, "Monthly lookup limit reached"))).toBe(true);
    expect(liftedByPlan(new ApiError(429, "Too many lookups: at most 30 a minute.", 42))).toBe(false);
    expect(liftedByPlan(new ApiError(503, "Amazon is failing", 60))).toBe(false);
    expect(liftedByPlan(new Error("network"))).toBe(false);
  });

  it("a 403 whose code is not the plan's is not: no plan lets a viewer export or mends a stale page", () => {
    expect(liftedByPlan(new ApiError(403, "Your plan allows 5 ASINs.", null, "plan_limit"))).toBe(true);
    expect(liftedByPlan(new ApiError(403, "Your role in Acme (viewer) may not export. Ask an owner or admin.", null, "forbidden"))).toBe(false);
    expect(liftedByPlan(new ApiError(403, "XSRF token mismatch. Reload the page and try again.", null, "xsrf_failed"))).toBe(false);
  });

  it("reads Retry-After from the answer", async () => {
    const answer = new Response(JSON.stringify({ detail: "Too many lookups" }), { status: 429, headers: { "Retry-After": "12" } });
    expect((await ApiError.of(answer)).retryAfterSeconds).toBe(12);
    expect((await ApiError.of(new Response("{}", { status: 500 }))).retryAfterSeconds).toBeNull();
  });
});

import { describe, expect, it } from "vitest";
import { AMAZON_ERROR_TABLE, classifyAmazonError, creatorsKindOf, creatorsScopeOfKind, isPermanent } from "../../../worker/upstreams/amazon-errors";

describe("the one classification of Amazon errors", () => {
  it.each([
    ["creators", 400, "InvalidPartnerTag", "permanent", "marketplace"],
    ["creators", 400, "InvalidAssociate", "permanent", "region"],
    ["creators", 400, "FieldValidationFailed", "permanent", "request"],
    ["creators", 401, "TokenExpired", "permanent", "region"],
    ["creators", 403, "AssociateNotEligible", "permanent", "region"],
    ["creators", 403, undefined, "permanent", "region"],
    ["creators", 429, "ThrottleException", "transient", undefined],
    ["creators", 500, undefined, "transient", undefined],
    ["creators", 503, undefined, "transient", undefined],
    ["creators", 0, undefined, "transient", undefined],
    ["spapi", 400, "InvalidInput", "permanent", "request"],
    ["spapi", 401, "Unauthorized", "permanent", "seller"],
    ["spapi", 403, "Unauthorized", "permanent", "seller"],
    ["spapi", 429, "QuotaExceeded", "transient", undefined],
    ["spapi", 503, "ServiceUnavailable", "transient", undefined],
  ] as const)("%s %i %s is %s", (api, status, code, klass, scope) => {
    const rule = classifyAmazonError(api, status, code);
    expect(rule.class).toBe(klass);
    expect(rule.scope).toBe(scope);
    expect(isPermanent(rule)).toBe(klass === "permanent");
    if (klass === "permanent") expect(rule.fix).toMatch(/\S/);
  });

  it("an unlisted status is transient (retried with backoff), never silently permanent", () => {
    expect(classifyAmazonError("creators", 418)).toMatchObject({ class: "transient" });
    expect(classifyAmazonError("spapi", 404, "NotFound")).toMatchObject({ class: "transient" });
  });

  it("the Creators failure kinds the client throws map back to the same scopes", () => {
    for (const rule of AMAZON_ERROR_TABLE.filter((entry) => entry.api === "creators" && entry.class === "permanent")) {
      expect(creatorsScopeOfKind(creatorsKindOf(rule))).toBe(rule.scope);
    }
    for (const kind of ["throttled", "timeout", "unavailable"]) expect(creatorsScopeOfKind(kind)).toBeNull();
  });
});

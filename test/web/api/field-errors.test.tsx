import { describe, expect, it } from "vitest";
import { newAlertSchema } from "@contract/alerts";
import { contactSchema } from "@contract/contact";
import { ApiError } from "../../../web/src/api/api-error";
import { fieldErrorsOf, serverFieldErrors, type FieldIssue } from "../../../web/src/api/field-errors";

/** The error of a safeParse that must fail. */
function failure(result: { success: boolean; error?: { issues: readonly FieldIssue[] } }) {
  if (result.success || result.error === undefined) throw new Error("expected the schema to reject the input");
  return result.error;
}

describe("fieldErrorsOf", () => {
  it("gives each invalid field of a failed safeParse its message, and nothing for valid ones", () => {
    const error = failure(contactSchema.safeParse({ name: " ", company: "", email: "not-an-email", message: "Hello" }));

    expect(fieldErrorsOf(error, ["name", "company", "email", "message"])).toEqual({
      name: "Name is required",
      email: "Enter a valid email address",
    });
  });

  it("keeps the first message when a field has several", () => {
    const issues = [
      { path: ["threshold"], message: "Threshold must be a whole number" },
      { path: ["threshold"], message: "Threshold is required for this condition" },
    ];

    expect(fieldErrorsOf({ issues }, ["threshold"])).toEqual({ threshold: "Threshold must be a whole number" });
  });

  it("places a cross-field rule on the field its path names", () => {
    const error = failure(newAlertSchema.safeParse({ asin: "B08N5WRWNW", conditionType: "rank_above", marketplace: "US" }));

    expect(fieldErrorsOf(error, ["asin", "conditionType", "threshold", "marketplace"])).toEqual({
      threshold: "Threshold is required for this condition",
    });
  });

  it("leaves out issues about keys the form does not show", () => {
    const issues = [
      { path: [], message: "Send at least one field" },
      { path: ["paused"], message: "paused must be true or false" },
      { path: ["asin"], message: "ASIN is required" },
    ];

    expect(fieldErrorsOf({ issues }, ["asin"])).toEqual({ asin: "ASIN is required" });
  });

  it("reads the field from a later path segment, as in a 422 loc that starts with the request part", () => {
    expect(fieldErrorsOf({ issues: [{ path: ["json", "webhookUrl"], message: "Use https" }] }, ["alertEmail", "webhookUrl"])).toEqual({
      webhookUrl: "Use https",
    });
  });
});

describe("serverFieldErrors", () => {
  const fields = ["alertEmail", "webhookUrl"] as const;

  it("marks the fields a 422 detail names by loc", () => {
    const detail = [
      { loc: ["json", "webhookUrl"], msg: "The webhook URL must not point at a private address", type: "custom" },
      { loc: ["json"], msg: "Body must be JSON", type: "custom" },
    ];

    expect(serverFieldErrors(new ApiError(422, detail), fields)).toEqual({
      webhookUrl: "The webhook URL must not point at a private address",
    });
  });

  it.each([
    ["a 422 with a string detail", new ApiError(422, "Invalid settings")],
    ["another status with an issue list", new ApiError(400, [{ loc: ["json", "alertEmail"], msg: "Bad" }])],
    ["items without loc or msg", new ApiError(422, [{ message: "alertEmail is wrong" }, "alertEmail"])],
    ["a network failure", new TypeError("Failed to fetch")],
  ])("marks no field for %s", (_case, error) => {
    expect(serverFieldErrors(error, fields)).toEqual({});
  });
});

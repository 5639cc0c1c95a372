import { describe, expect, it } from "vitest";
import { classifyEmailFailure, emailErrorCode, refusedAddressOf } from "../../../../worker/upstreams/email/email-errors";
import { emailBindingError } from "../../../../worker/upstreams/email/recording-sender";

/** Which failures of the send_email binding no retry can pass (email-errors.ts), read from its documented codes. */
describe("classifyEmailFailure", () => {
  it("reads the code from the error's `code`, or from the start of its message", () => {
    expect(emailErrorCode(emailBindingError("E_RECIPIENT_SUPPRESSED", "suppressed"))).toBe("E_RECIPIENT_SUPPRESSED");
    expect(emailErrorCode(new Error("E_HEADER_NOT_ALLOWED: x-foo bar"))).toBe("E_HEADER_NOT_ALLOWED");
    expect(emailErrorCode(new Error("email sending is unavailable"))).toBeNull();
    expect(emailErrorCode("E_NOT_AN_ERROR")).toBe("E_NOT_AN_ERROR");
    expect(emailErrorCode(null)).toBeNull();
  });

  it("refuses a suppressed or not-allowed recipient for good, naming the address", () => {
    for (const code of ["E_RECIPIENT_SUPPRESSED", "E_RECIPIENT_NOT_ALLOWED"]) {
      const failure = classifyEmailFailure(emailBindingError(code, "no"), "ann@example.com");
      expect(failure).toMatchObject({ permanent: true, code });
      expect(failure.detail).toMatch(new RegExp(`^ann@example\\.com was refused \\(${code}\\): .+ save a working address$`));
    }
  });

  it("refuses an invalid message for good, with the service's own words", () => {
    for (const code of ["E_VALIDATION_ERROR", "E_FIELD_MISSING", "E_TOO_MANY_RECIPIENTS", "E_CONTENT_TOO_LARGE", "E_HEADER_VALUE_INVALID"]) {
      const failure = classifyEmailFailure(emailBindingError(code, "to is invalid"), "ann@example.com");
      expect(failure).toMatchObject({ permanent: true, code });
      expect(failure.detail).toContain(`${code}: to is invalid`);
    }
    expect(classifyEmailFailure(new Error("E_VALIDATION_ERROR: to bad"), "ann@example.com").detail).toContain("(E_VALIDATION_ERROR: to bad)");
  });

  it("leaves limits, outages, our own sender and unknown errors to the retries, with their message", () => {
    for (const code of ["E_RATE_LIMIT_EXCEEDED", "E_DAILY_LIMIT_EXCEEDED", "E_DELIVERY_FAILED", "E_INTERNAL_SERVER_ERROR", "E_SENDER_NOT_VERIFIED", "E_SENDER_DOMAIN_NOT_AVAILABLE"]) {
      expect(classifyEmailFailure(emailBindingError(code, "try later"), "ann@example.com")).toEqual({ permanent: false, code, detail: "try later" });
    }
    expect(classifyEmailFailure(new Error("socket closed"), "ann@example.com")).toEqual({ permanent: false, code: null, detail: "socket closed" });
  });

  it("reads back the address a recorded refusal asks to correct, and none from any other failure", () => {
    for (const code of ["E_RECIPIENT_SUPPRESSED", "E_VALIDATION_ERROR"]) {
      expect(refusedAddressOf(classifyEmailFailure(emailBindingError(code, "no"), "ann@example.com").detail)).toBe("ann@example.com");
    }
    expect(refusedAddressOf(classifyEmailFailure(emailBindingError("E_RATE_LIMIT_EXCEEDED", "slow down"), "ann@example.com").detail)).toBeNull();
    expect(refusedAddressOf("HTTP status 502")).toBeNull();
  });
});

import { describe, expect, it } from "vitest";
import { classifyEmailFailure, emailErrorCode } from "../../../../worker/upstreams/email/email-errors";
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

  it("refuses a suppressed or not-allowed recipient for good: the address and code as data, plain words for the user", () => {
    for (const code of ["E_RECIPIENT_SUPPRESSED", "E_RECIPIENT_NOT_ALLOWED"]) {
      const failure = classifyEmailFailure(emailBindingError(code, "no"), "ann@example.com");
      expect(failure).toMatchObject({ permanent: true, code, refusedAddress: "ann@example.com" });
      expect(failure.detail).toMatch(/^the email service .+ ann@example\.com .+ It is not tried again: check the address and save a working address$/);
      expect(failure.detail).not.toMatch(/E_[A-Z]/);
    }
    expect(classifyEmailFailure(emailBindingError("E_RECIPIENT_SUPPRESSED", "no"), "ann@example.com").detail).toContain("bounced or was marked as spam");
  });

  it("refuses an invalid message for good, with the service's own words", () => {
    for (const code of ["E_VALIDATION_ERROR", "E_FIELD_MISSING", "E_TOO_MANY_RECIPIENTS", "E_TOO_MANY_ATTACHMENTS", "E_CONTENT_TOO_LARGE", "E_HEADER_VALUE_INVALID"]) {
      const failure = classifyEmailFailure(emailBindingError(code, "to is invalid"), "ann@example.com");
      expect(failure).toMatchObject({ permanent: true, code, refusedAddress: "ann@example.com" });
      expect(failure.detail).toContain("the service said: to is invalid");
      expect(failure.detail).toContain("ann@example.com");
      expect(failure.detail).not.toMatch(/E_[A-Z]/);
    }
    // The code at the start of the message is data, not words for the user.
    expect(classifyEmailFailure(new Error("E_VALIDATION_ERROR: to bad"), "ann@example.com")).toMatchObject({ code: "E_VALIDATION_ERROR", detail: expect.stringContaining("(the service said: to bad)") });
  });

  it("leaves limits, outages, our own sender and unknown errors to the retries, saying what happened in words, not codes", () => {
    for (const code of ["E_RATE_LIMIT_EXCEEDED", "E_DAILY_LIMIT_EXCEEDED", "E_DELIVERY_FAILED", "E_INTERNAL_SERVER_ERROR", "E_SENDER_NOT_VERIFIED", "E_SENDER_DOMAIN_NOT_AVAILABLE"]) {
      const failure = classifyEmailFailure(emailBindingError(code, "try later"), "ann@example.com");
      expect(failure).toMatchObject({ permanent: false, code });
      expect(failure.detail).toMatch(/^(the email service|RankLayer's sending)\b.+ \(the service said: try later\)$/);
      // A bare code as the whole message is words alone.
      expect(classifyEmailFailure(new Error(code), "ann@example.com").detail).not.toMatch(/E_[A-Z]/);
    }
    expect(classifyEmailFailure(emailBindingError("E_RATE_LIMIT_EXCEEDED", "E_RATE_LIMIT_EXCEEDED"), "ann@example.com").detail).toBe("the email service's sending rate was reached");
    expect(classifyEmailFailure(new Error("socket closed"), "ann@example.com")).toEqual({ permanent: false, code: null, detail: "socket closed" });
  });
});

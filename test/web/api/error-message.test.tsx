import { describe, expect, it } from "vitest";
import { ApiError, errorMessage } from "../../../web/src/api/api-error";

const FALLBACK = "That did not work. Please try again.";

describe("errorMessage", () => {
  it("gives the server's string detail", () => {
    expect(errorMessage(new ApiError(429, "Too many requests: try again in a minute."), FALLBACK)).toBe(
      "Too many requests: try again in a minute.",
    );
  });

  it("joins a validation issue list, whether its items say msg or message", () => {
    const detail = [{ msg: "Name is required" }, { message: "Enter a valid email address" }, { loc: ["json"] }];

    expect(errorMessage(new ApiError(422, detail), FALLBACK)).toBe("Name is required, Enter a valid email address");
  });

  it.each([
    ["no detail", new ApiError(500, undefined)],
    ["a blank detail", new ApiError(400, "  ")],
    ["an issue list without text", new ApiError(422, [{ loc: ["query", "asin"] }])],
    ["an object detail", new ApiError(403, { code: "limit" })],
  ])("falls back for an ApiError with %s", (_case, error) => {
    expect(errorMessage(error, FALLBACK)).toBe(FALLBACK);
  });

  it("never shows the message of an error that is not from the API", () => {
    expect(errorMessage(new TypeError("Failed to fetch"), FALLBACK)).toBe(FALLBACK);
    expect(errorMessage("boom", FALLBACK)).toBe(FALLBACK);
  });

  it("is null without a fallback when the server gave no reason, so the page can choose its own", () => {
    expect(errorMessage(new ApiError(500, undefined))).toBeNull();
    expect(errorMessage(new TypeError("Failed to fetch"))).toBeNull();
    expect(errorMessage(new ApiError(404, "No such alert"))).toBe("No such alert");
  });
});

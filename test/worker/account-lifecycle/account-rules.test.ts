import { describe, expect, it } from "vitest";
import { canRemovePasskey, confirmsDeletion, deletionPhrase, isRealSellerId } from "../../../worker/account-lifecycle/account-rules";

describe("account rules", () => {
  it("tells real seller ids from the placeholders of email and demo accounts", () => {
    expect(isRealSellerId("A1B2C3D4E5F6")).toBe(true);
    expect(isRealSellerId("EMAIL-3f1c")).toBe(false);
    expect(isRealSellerId("DEMO-3f1c")).toBe(false);
  });

  it("keeps the last passkey unless an email address stays: Amazon alone opens the account only in browsers that signed in before", () => {
    expect(canRemovePasskey({ passkeys: 1, email: false, amazon: false })).toBe(false);
    expect(canRemovePasskey({ passkeys: 1, email: true, amazon: false })).toBe(true);
    expect(canRemovePasskey({ passkeys: 1, email: false, amazon: true })).toBe(false);
    expect(canRemovePasskey({ passkeys: 2, email: false, amazon: false })).toBe(true);
  });

  it("asks for the address, else the seller id, else (demo) the word delete; case and spaces do not matter", () => {
    expect(deletionPhrase({ email: "ada@example.com", sellingPartnerId: "A1B2C3D4E5F6", isDemo: false })).toBe("ada@example.com");
    expect(deletionPhrase({ email: null, sellingPartnerId: "A1B2C3D4E5F6", isDemo: false })).toBe("A1B2C3D4E5F6");
    expect(deletionPhrase({ email: null, sellingPartnerId: "DEMO-1", isDemo: true })).toBe("delete");
    expect(confirmsDeletion("  ADA@example.com ", "ada@example.com")).toBe(true);
    expect(confirmsDeletion("ada@example.co", "ada@example.com")).toBe(false);
    expect(confirmsDeletion("", "delete")).toBe(false);
  });
});

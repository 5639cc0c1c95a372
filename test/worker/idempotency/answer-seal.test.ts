import { describe, expect, it } from "vitest";
import { keyDigest, openAnswer, sealAnswer } from "../../../worker/idempotency/answer-seal";

describe("a kept answer", () => {
  it("opens with the user and key it was sealed for, and with nothing else", async () => {
    const body = JSON.stringify({ key: "rl_live_secret", long: "x".repeat(100_000) });
    const sealed = await sealAnswer("user-1", "k-1", body);

    expect(sealed).not.toContain("rl_live_secret");
    expect(await openAnswer("user-1", "k-1", sealed)).toBe(body);
    await expect(openAnswer("user-1", "k-2", sealed)).rejects.toThrow();
    await expect(openAnswer("user-2", "k-1", sealed)).rejects.toThrow();
  });

  it("is found by the key's digest, never the key", async () => {
    expect(await keyDigest("k-1")).toMatch(/^[0-9a-f]{64}$/);
    expect(await keyDigest("k-1")).toBe(await keyDigest("k-1"));
    expect(await keyDigest("k-1")).not.toBe(await keyDigest("k-2"));
  });
});

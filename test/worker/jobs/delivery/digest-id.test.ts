import { describe, expect, it } from "vitest";
import { digestId } from "../../../../worker/jobs/delivery/digest-id";

/** The webhook id receivers drop repeats by names exactly the set of delivery rows a message carries. */
describe("digestId", () => {
  it("is the same for the same rows in any order", async () => {
    expect(await digestId(["row-b", "row-a", "row-c"])).toBe(await digestId(["row-c", "row-b", "row-a"]));
  });

  it("differs when a row is added, dropped or swapped, so a changed message is never taken for a repeat", async () => {
    const ids = await Promise.all([["row-a"], ["row-a", "row-b"], ["row-b"], ["row-a", "row-c"]].map((rows) => digestId(rows)));
    expect(new Set(ids).size).toBe(ids.length);
  });

  it("is shaped as a UUID (version 8) for receivers that store it as one", async () => {
    expect(await digestId(["row-a"])).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-8[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });
});

import { env } from "cloudflare:test";
import { beforeEach, describe, expect, it } from "vitest";
import { keyCursor, parseKeyCursor, trackedAsinsPage, userTrackedAsinsPage } from "../../../../worker/jobs/nightly-run/tracked-store";
import { insertAlert, insertUser, insertWatchlist, resetHistoryTables } from "./support";

beforeEach(resetHistoryTables);

async function allPages(limit: number) {
  const seen: string[] = [];
  let after = null;
  for (;;) {
    const page = await trackedAsinsPage(env.DB, after, limit);
    seen.push(...page.map(keyCursor));
    if (page.length < limit) return seen;
    after = page.at(-1)!;
  }
}

describe("tracked ASINs", () => {
  it("unions alerts (paused too) and watchlists of every user, deduplicated, in (marketplace, asin) order", async () => {
    const alice = await insertUser();
    const bob = await insertUser();
    await insertWatchlist(alice, [
      { marketplace: "US", asin: "B000000003" },
      { marketplace: "DE", asin: "B000000001" },
    ]);
    await insertWatchlist(bob, [{ marketplace: "US", asin: "B000000003" }]);
    await insertAlert(bob, { marketplace: "US", asin: "B000000002" }, true);
    await insertAlert(alice, { marketplace: "DE", asin: "B000000001" });
    await insertAlert(alice, { marketplace: "CA", asin: "B000000009" });

    expect(await allPages(100)).toEqual(["CA:B000000009", "DE:B000000001", "US:B000000002", "US:B000000003"]);
  });

  it.each([1, 2, 3])("pages of %i from a cursor give the same list, each key once", async (limit) => {
    const user = await insertUser();
    await insertWatchlist(user, [
      { marketplace: "US", asin: "B000000001" },
      { marketplace: "US", asin: "B000000004" },
      { marketplace: "UK", asin: "B000000002" },
    ]);
    await insertAlert(user, { marketplace: "US", asin: "B000000001" });
    await insertAlert(user, { marketplace: "US", asin: "B000000003" });

    expect(await allPages(limit)).toEqual(["UK:B000000002", "US:B000000001", "US:B000000003", "US:B000000004"]);
  });

  it("resumes after a cursor written as text", async () => {
    const user = await insertUser();
    await insertWatchlist(user, [
      { marketplace: "US", asin: "B000000001" },
      { marketplace: "US", asin: "B000000002" },
    ]);
    const page = await trackedAsinsPage(env.DB, parseKeyCursor("US:B000000001"), 10);
    expect(page.map(keyCursor)).toEqual(["US:B000000002"]);
    expect(parseKeyCursor(null)).toBeNull();
  });

  it("one user's page holds only that user's keys in the marketplaces asked for", async () => {
    const alice = await insertUser();
    const bob = await insertUser();
    await insertWatchlist(alice, [
      { marketplace: "US", asin: "B000000001" },
      { marketplace: "DE", asin: "B000000002" },
    ]);
    await insertAlert(alice, { marketplace: "CA", asin: "B000000003" });
    await insertWatchlist(bob, [{ marketplace: "US", asin: "B000000004" }]);

    const page = await userTrackedAsinsPage(env.DB, alice, ["US", "CA", "MX"], null, 10);
    expect(page.map(keyCursor)).toEqual(["CA:B000000003", "US:B000000001"]);
  });
});

import { env } from "cloudflare:test";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { storeDemoSubscription } from "../../../../worker/billing/subscription-store";
import { runExtraRefresh } from "../../../../worker/jobs/nightly-run/extra-refresh";
import { createWorkspace } from "../../../../worker/workspaces/workspace-store";
import { MockProductSource } from "../../../../worker/upstreams/creators/mock";
import type { ProductSource } from "../../../../worker/upstreams/creators/product-source";
import { buildServices } from "../../../../worker/services";
import { insertUser, insertWatchlist, resetHistoryTables, virtualClock } from "./support";

// 14:00 UTC: an hourly refresh is due (none runs in the nightly 02:00 hour).
const AT = Date.UTC(2026, 10, 24, 14, 0, 5);
/** The test config paces the run at 0.01 call/s (for the Durable Object tests): one call per slice. */
const FAST = { ...env, SNAPSHOT_REQUESTS_PER_SECOND: "1000" };

beforeEach(async () => {
  await resetHistoryTables();
  vi.spyOn(console, "log").mockImplementation(() => {});
});

/** A live-kind source that notes every ASIN it is asked for. */
function askedSource(): ProductSource & { asked: string[] } {
  const mock = new MockProductSource();
  const asked: string[] = [];
  return {
    kind: "live",
    asked,
    getItems(asins, marketplace) {
      asked.push(...asins.map((asin) => `${marketplace}:${asin}`));
      return mock.getItems(asins, marketplace);
    },
  };
}

async function hourly(workspaceId: string): Promise<void> {
  await env.DB.prepare("INSERT INTO user_settings (workspace_id, sync_frequency) VALUES (?, 'hourly')").bind(workspaceId).run();
}

describe("the hourly extra refresh", () => {
  it("refreshes a Pro team workspace (its id is no user's), not only personal ones", async () => {
    const owner = await insertUser();
    const team = (await createWorkspace(env.DB, owner, "Agency team", 3))!;
    await storeDemoSubscription(env.DB, team, true);
    await hourly(team);
    await insertWatchlist(team, [{ marketplace: "US", asin: "BTEAM00001" }]);
    const source = askedSource();

    const result = await runExtraRefresh(buildServices(FAST), { clock: virtualClock(AT), source });

    expect(result).toMatchObject({ users: 1, captured: 1 });
    expect(source.asked).toEqual(["US:BTEAM00001"]);
  });

  it("asks once for an ASIN a paying and a demo workspace both track (the live capture serves both)", async () => {
    const paying = await insertUser();
    const demo = await insertUser({ isDemo: true });
    for (const workspace of [paying, demo]) {
      await storeDemoSubscription(env.DB, workspace, true);
      await hourly(workspace);
      await insertWatchlist(workspace, [{ marketplace: "US", asin: "BBOTH00001" }]);
    }
    await insertWatchlist(demo, [{ marketplace: "US", asin: "BDEMO00001" }]);
    const source = askedSource();

    const result = await runExtraRefresh(buildServices(FAST), { clock: virtualClock(AT), source });

    expect(source.asked.sort()).toEqual(["US:BBOTH00001", "US:BDEMO00001"]);
    expect(result).toMatchObject({ users: 2, captured: 2 });
  });
});

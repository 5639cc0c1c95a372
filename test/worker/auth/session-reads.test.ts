import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { createDemoUser } from "../../../worker/accounts/user-store";
import { createSession, readSession, revokeSession } from "../../../worker/auth/session";
import { buildServices } from "../../../worker/services";
import { recordingD1 } from "../support/recording-d1";
import { demoEnv } from "../support/seller-browser";

/** The services of `demoEnv()` with a D1 binding that records the statements it is asked to prepare. */
function countingServices() {
  const services = buildServices(demoEnv());
  const { db, queries } = recordingD1(env.DB);
  return { services: { ...services, env: { ...services.env, DB: db } }, counted: queries };
}

/**
 * A page makes several API calls at once with one session cookie. Each reads its session row
 * itself: a request that awaited another request's D1 read in flight went on in that other
 * request's I/O context, and workerd failed its answer ("Cannot perform I/O on behalf of a
 * different request"), a 500 for most signed-in calls under steady load (ADR 0013). Only a copy
 * of a settled read is kept, for a few seconds (ADR 0014, shared/session-copies.test.ts), and a sign-out
 * here forgets it, so the sign-out shows on the very next request.
 */
describe("session reads", () => {
  it("requests of one session that arrive together each read the session themselves", async () => {
    const user = await createDemoUser(env.DB);
    const { token } = await createSession(buildServices(demoEnv()), user.id);
    const { services, counted } = countingServices();

    const accounts = await Promise.all(Array.from({ length: 5 }, () => readSession(services, token)));

    expect(counted).toHaveLength(5);
    for (const account of accounts) expect(account?.user.id).toBe(user.id);
    accounts[0]!.user.brandName = "Changed";
    expect(accounts[1]!.user.brandName).not.toBe("Changed");
  });

  it("a sign-out forgets the copy of the settled read: the next request reads again, and is signed out", async () => {
    const user = await createDemoUser(env.DB);
    const { token, sessionId } = await createSession(buildServices(demoEnv()), user.id);
    const { services, counted } = countingServices();

    expect(await readSession(services, token)).not.toBeNull();
    await revokeSession(env, sessionId);
    expect(await readSession(services, token)).toBeNull();
    expect(counted).toHaveLength(2);
  });

  it("reads of different sessions are not shared", async () => {
    const [first, second] = await Promise.all([createDemoUser(env.DB), createDemoUser(env.DB)]);
    const tokens = await Promise.all([first, second].map(async (user) => (await createSession(buildServices(demoEnv()), user.id)).token));
    const { services, counted } = countingServices();

    const accounts = await Promise.all(tokens.map((token) => readSession(services, token)));

    expect(accounts.map((account) => account?.user.id)).toEqual([first.id, second.id]);
    expect(counted).toHaveLength(2);
  });
});

import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { createDemoUser } from "../../../worker/accounts/user-store";
import { createSession, readSession, revokeSession } from "../../../worker/auth/session";
import { buildServices } from "../../../worker/services";
import { demoEnv } from "../support/seller-browser";

/** The services of `demoEnv()` with a D1 binding that counts the statements it is asked to prepare. */
function countingServices() {
  const services = buildServices(demoEnv());
  const counted = { statements: 0 };
  const db = new Proxy(env.DB, {
    get(target, property) {
      if (property === "prepare") {
        return (query: string) => {
          counted.statements += 1;
          return target.prepare(query);
        };
      }
      const value = Reflect.get(target, property) as unknown;
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
  return { services: { ...services, env: { ...services.env, DB: db } }, counted };
}

/**
 * A page makes several API calls at once with one session cookie: they share the session's D1
 * read while it is in flight, instead of queueing one read each. A call that arrives after the
 * read settled reads again, so a sign-out still shows on the very next request.
 */
describe("session reads", () => {
  it("requests of one session that arrive together share one read, each with its own copy", async () => {
    const user = await createDemoUser(env.DB);
    const { token } = await createSession(buildServices(demoEnv()), user.id);
    const { services, counted } = countingServices();

    const kept: Promise<unknown>[] = [];
    const accounts = await Promise.all(Array.from({ length: 5 }, () => readSession(services, token, (work) => void kept.push(work))));

    expect(counted.statements).toBe(1);
    // The shared read runs under the waitUntil of the request that started it: a request whose
    // client hangs up is cancelled with its pending I/O, and the other four would wait for ever.
    expect(kept).toHaveLength(1);
    for (const account of accounts) expect(account?.user.id).toBe(user.id);
    accounts[0]!.user.brandName = "Changed";
    expect(accounts[1]!.user.brandName).not.toBe("Changed");
  });

  it("a request after the read settled reads again: a revoked session is signed out at once", async () => {
    const user = await createDemoUser(env.DB);
    const { token, sessionId } = await createSession(buildServices(demoEnv()), user.id);
    const { services, counted } = countingServices();

    expect(await readSession(services, token)).not.toBeNull();
    await revokeSession(env, sessionId);
    expect(await readSession(services, token)).toBeNull();
    expect(counted.statements).toBe(2);
  });

  it("reads of different sessions are not shared", async () => {
    const [first, second] = await Promise.all([createDemoUser(env.DB), createDemoUser(env.DB)]);
    const tokens = await Promise.all([first, second].map(async (user) => (await createSession(buildServices(demoEnv()), user.id)).token));
    const { services, counted } = countingServices();

    const accounts = await Promise.all(tokens.map((token) => readSession(services, token)));

    expect(accounts.map((account) => account?.user.id)).toEqual([first.id, second.id]);
    expect(counted.statements).toBe(2);
  });
});

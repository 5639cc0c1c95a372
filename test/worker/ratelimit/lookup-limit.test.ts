import { env } from "cloudflare:test";
import { beforeEach, describe, expect, it } from "vitest";
import { peekLookup, takeLookup, type LeaseBook } from "../../../worker/ratelimit/lookup-limit";
import { buildServices } from "../../../worker/services";
import { clearOfMinuteEnd } from "../support/minute-window";

let serial = 0;
/** A request from a client no other test uses. */
function clientRequest(): Request {
  serial += 1;
  return new Request("http://localhost/api/v1/lookup", { headers: { "CF-Connecting-IP": `192.0.2.${serial}` } });
}

/** What the client's RateLimiter itself has counted, seen without any lease. */
async function authorityRemaining(request: Request): Promise<number> {
  return (await peekLookup(buildServices(env), request, new Map())).remaining;
}

/**
 * The limit counts per clock minute: a test that starts in a minute's last 10 s waits for the next,
 * so it never straddles two, even on a loaded machine (2 s was not always enough).
 */
beforeEach(() => clearOfMinuteEnd(10_000), 30_000);

describe("lookup allowance leased to an isolate", () => {
  it("tells the client its true remaining count while the authority has already counted the block", async () => {
    const request = clientRequest();
    const book: LeaseBook = new Map();
    const first = await takeLookup(buildServices(env), request, { leases: book });
    expect(first).toMatchObject({ allowed: true, granted: 1, limit: 30, remaining: 29 });
    // 30 left, so a block of 3 was granted and counted at once.
    expect(await authorityRemaining(request)).toBe(27);

    expect((await takeLookup(buildServices(env), request, { leases: book })).remaining).toBe(28);
    expect((await takeLookup(buildServices(env), request, { leases: book })).remaining).toBe(27);
    // The two spent locally made no round trip.
    expect(await authorityRemaining(request)).toBe(27);
    expect((await takeLookup(buildServices(env), request, { leases: book })).remaining).toBe(26);
    expect(await authorityRemaining(request)).toBeLessThan(27);
  });

  it("allows exactly the minute limit from one isolate", async () => {
    const request = clientRequest();
    const book: LeaseBook = new Map();
    const outcomes = [];
    for (let i = 0; i < 35; i++) outcomes.push((await takeLookup(buildServices(env), request, { leases: book })).allowed);
    expect(outcomes.filter(Boolean)).toHaveLength(30);
    expect(outcomes.slice(30)).toEqual([false, false, false, false, false]);
  });

  it("never lets a client past a limit across isolates", async () => {
    const request = clientRequest();
    const books: LeaseBook[] = [new Map(), new Map(), new Map()];
    let allowed = 0;
    for (let i = 0; i < 60; i++) if ((await takeLookup(buildServices(env), request, { leases: books[i % 3]! })).allowed) allowed += 1;
    expect(allowed).toBeLessThanOrEqual(30);
    // At most each isolate's last unspent block goes unused.
    expect(allowed).toBeGreaterThanOrEqual(27);
  });

  it("drops an unspent block when its minute ends", async () => {
    const request = clientRequest();
    const book: LeaseBook = new Map();
    const first = await takeLookup(buildServices(env), request, { leases: book });
    const counted = await authorityRemaining(request);
    await takeLookup(buildServices(env), request, { leases: book, now: first.grantExpiresAt });
    // The stale block was not spent: the authority was asked again.
    expect(await authorityRemaining(request)).toBeLessThan(counted);
  });

  it("peeks from the lease without spending it", async () => {
    const request = clientRequest();
    const book: LeaseBook = new Map();
    await takeLookup(buildServices(env), request, { leases: book });
    expect((await peekLookup(buildServices(env), request, book)).remaining).toBe(29);
    expect((await peekLookup(buildServices(env), request, book)).remaining).toBe(29);
    expect((await takeLookup(buildServices(env), request, { leases: book })).remaining).toBe(28);
  });
});

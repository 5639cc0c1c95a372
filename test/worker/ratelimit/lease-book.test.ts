import { describe, expect, it } from "vitest";
import { EARLY_RENEWAL_MIN_GRANT, takeLeased, type LeaseBook } from "../../../worker/ratelimit/lease-book";
import type { WindowDecision } from "../../../worker/ratelimit/window";

const NOW = Date.UTC(2026, 10, 26, 4, 0, 0);

/** A RateLimiter stand-in: grants `size` units at a time out of `limit`, answering after a macrotask like a Durable Object call. */
function limiter(limit: number, size: number) {
  let used = 0;
  const grant = async (): Promise<WindowDecision> => {
    await new Promise((resolve) => setTimeout(resolve, 1));
    const granted = Math.min(size, limit - used);
    used += granted;
    return {
      allowed: granted > 0,
      granted,
      window: "minute",
      limit,
      remaining: limit - used,
      resetSeconds: 60,
      resetAt: new Date(NOW + 60_000).toISOString(),
      grantExpiresAt: NOW + 60_000,
    };
  };
  const calls = { count: 0 };
  return { calls, grant: () => ((calls.count += 1), grant()) };
}

describe("takeLeased under a burst", () => {
  it("50 concurrent takers with no lease share one grant round trip, each spending one unit", async () => {
    const book: LeaseBook = new Map();
    const { calls, grant } = limiter(1_000, 100);
    const decisions = await Promise.all(Array.from({ length: 50 }, () => takeLeased(book, "client", NOW, grant)));
    expect(calls.count).toBe(1);
    expect(decisions.every((d) => d.allowed)).toBe(true);
    // 100 granted, 50 spent: the rest stays leased for the next requests.
    expect(decisions.map((d) => d.remaining).sort((a, b) => a - b)).toEqual(Array.from({ length: 50 }, (_, i) => 900 + 50 + i));
    expect(book.get("client")?.left).toBe(50);
  });

  it("a burst larger than one lease starts the next grant only when the lease is spent", async () => {
    const book: LeaseBook = new Map();
    const { calls, grant } = limiter(1_000, 10);
    const decisions = await Promise.all(Array.from({ length: 25 }, () => takeLeased(book, "client", NOW, grant)));
    expect(decisions.filter((d) => d.allowed)).toHaveLength(25);
    expect(calls.count).toBe(3);
    expect(book.get("client")?.left).toBe(5);
  });

  it("a refusal is the answer of every taker that waited on it, and nothing past the limit is allowed", async () => {
    const book: LeaseBook = new Map();
    const { calls, grant } = limiter(7, 100);
    const decisions = await Promise.all(Array.from({ length: 20 }, () => takeLeased(book, "client", NOW, grant)));
    expect(decisions.filter((d) => d.allowed)).toHaveLength(7);
    for (const refused of decisions.filter((d) => !d.allowed)) expect(refused).toMatchObject({ granted: 0, remaining: 0 });
    expect(calls.count).toBe(2);
  });

  it("the grant is kept alive by the waitUntil of the request that asked for it, so its waiters never wait on a cancelled request", async () => {
    const book: LeaseBook = new Map();
    const { calls, grant } = limiter(1_000, 100);
    const kept: Promise<unknown>[] = [];
    const decisions = await Promise.all(Array.from({ length: 50 }, () => takeLeased(book, "client", NOW, grant, (work) => void kept.push(work))));
    expect(decisions.every((d) => d.allowed)).toBe(true);
    expect(calls.count).toBe(1);
    expect(kept).toHaveLength(1);
  });

  it("a failed grant fails its waiters, and the next taker asks again", async () => {
    const book: LeaseBook = new Map();
    let fail = true;
    const { grant } = limiter(1_000, 100);
    const flaky = () => (fail ? new Promise<WindowDecision>((_, reject) => setTimeout(() => reject(new Error("limiter down")), 1)) : grant());
    const results = await Promise.allSettled(Array.from({ length: 5 }, () => takeLeased(book, "client", NOW, flaky)));
    expect(results.every((r) => r.status === "rejected")).toBe(true);
    fail = false;
    expect(await takeLeased(book, "client", NOW, flaky)).toMatchObject({ allowed: true, granted: 1 });
  });
});

/** A RateLimiter stand-in whose grants answer only when the test lets them: grant sizes fixed, limit large. */
function heldLimiter(size: number) {
  const pending: Array<{ resolve: () => void; reject: (error: Error) => void }> = [];
  let used = 0;
  const grant = () =>
    new Promise<WindowDecision>((resolve, reject) => {
      pending.push({
        resolve: () => {
          used += size;
          resolve({ allowed: true, granted: size, window: "minute", limit: 100_000, remaining: 100_000 - used, resetSeconds: 60, resetAt: new Date(NOW + 60_000).toISOString(), grantExpiresAt: NOW + 60_000 });
        },
        reject,
      });
    });
  return { pending, grant };
}

/** What takers handed to the request's waitUntil. */
const background: Promise<unknown>[] = [];
const waitUntil = (work: Promise<unknown>) => void background.push(work);

async function takeMany(book: LeaseBook, count: number, grant: () => Promise<WindowDecision>, runAfter: typeof waitUntil | null = waitUntil): Promise<WindowDecision[]> {
  const decisions: WindowDecision[] = [];
  for (let i = 0; i < count; i++) decisions.push(await takeLeased(book, "client", NOW, grant, runAfter ?? undefined));
  return decisions;
}

/** The first take: it asks for a lease, which the limiter grants at once. */
async function openLease(book: LeaseBook, pending: ReturnType<typeof heldLimiter>["pending"], grant: () => Promise<WindowDecision>): Promise<void> {
  const first = takeLeased(book, "client", NOW, grant);
  pending.shift()!.resolve();
  await first;
}

describe("takeLeased renews a large lease before it runs out", () => {
  it(`asks for the next grant when less than a quarter of a lease of ${EARLY_RENEWAL_MIN_GRANT} or more is left, and no taker waits for it`, async () => {
    const book: LeaseBook = new Map();
    const { pending, grant } = heldLimiter(100);
    await openLease(book, pending, grant);
    // 74 more leave 25 of 100: not yet a quarter spent down to.
    await takeMany(book, 74, grant);
    expect(pending).toHaveLength(0);
    // The 76th leaves 24, under a quarter: the renewal starts, and it and the 24 after it spend the lease while it is out.
    background.length = 0;
    const whileRenewing = await takeMany(book, 25, grant);
    expect(pending).toHaveLength(1);
    // Handed to the request's waitUntil, which keeps a Worker running until the grant has landed.
    expect(background).toHaveLength(1);
    expect(whileRenewing.every((d) => d.allowed && d.granted === 1)).toBe(true);
    expect(book.get("client")?.left).toBe(0);
    pending.shift()!.resolve();
    await Promise.all(background);
    expect(book.get("client")?.left).toBe(100);
    expect((await takeLeased(book, "client", NOW, grant)).remaining).toBe(100_000 - 200 + 99);
  });

  it("renews early only where the work can outlive the request (a waitUntil), else when the lease is spent", async () => {
    const book: LeaseBook = new Map();
    const { pending, grant } = heldLimiter(100);
    await openLease(book, pending, grant);
    await takeMany(book, 99, grant, null);
    expect(pending).toHaveLength(0);
    const next = takeLeased(book, "client", NOW, grant);
    expect(pending).toHaveLength(1);
    pending.shift()!.resolve();
    expect(await next).toMatchObject({ allowed: true, remaining: 100_000 - 200 + 99 });
  });

  it("renews a small lease only when it is spent, so no unit is counted for a request that may not come", async () => {
    const book: LeaseBook = new Map();
    const { calls, grant } = limiter(1_000, EARLY_RENEWAL_MIN_GRANT - 1);
    await takeMany(book, EARLY_RENEWAL_MIN_GRANT - 1, grant);
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect(calls.count).toBe(1);
    expect(book.get("client")?.left).toBe(0);
    await takeLeased(book, "client", NOW, grant);
    expect(calls.count).toBe(2);
  });

  it("a failed renewal loses nothing: the lease is spent as before and the taker that finds it empty asks again", async () => {
    const book: LeaseBook = new Map();
    const { pending, grant } = heldLimiter(40);
    await openLease(book, pending, grant);
    // 30 more leave 9 of 40, under a quarter: the renewal is asked for, and fails.
    await takeMany(book, 30, grant);
    expect(pending).toHaveLength(1);
    pending.shift()!.reject(new Error("limiter down"));
    await new Promise((resolve) => setTimeout(resolve, 1));
    // The 9 left are spent without asking again on every take while the limiter is down.
    expect((await takeMany(book, 9, grant)).every((d) => d.allowed)).toBe(true);
    expect(pending).toHaveLength(0);
    const next = takeLeased(book, "client", NOW, grant);
    expect(pending).toHaveLength(1);
    pending.shift()!.resolve();
    expect(await next).toMatchObject({ allowed: true, granted: 1 });
  });
});

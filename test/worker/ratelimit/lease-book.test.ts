import { describe, expect, it } from "vitest";
import { takeLeased, type LeaseBook } from "../../../worker/ratelimit/lease-book";
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

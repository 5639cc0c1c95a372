import { applyD1Migrations, env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { createUser, seedEvent } from "../notifications/support";
import { migrateBefore } from "../support/migrate-before";

/** Migration 0142 on deliveries whose timed-out attempts were known only from the words of last_error. */
describe("migration 0142: a delivery that may have arrived says so in a column", () => {
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    await migrateBefore("0142");
    const userId = await createUser();
    const rows: [string, "email" | "webhook", string | null][] = [
      ["timedOut", "webhook", "timed out"],
      ["thenRefused", "webhook", "HTTP status 502 (an earlier attempt timed out and may have arrived)"],
      ["refused", "webhook", "HTTP status 502"],
      ["fresh", "webhook", null],
      ["email", "email", "timed out"],
    ];
    for (const [name, channel, lastError] of rows) {
      const { deliveries } = await seedEvent(userId, [channel], { asin: `B0${name.padEnd(8, "X").slice(0, 8).toUpperCase()}`, ...(lastError && { lastError }) });
      ids[name] = deliveries[channel]!;
    }
    await applyD1Migrations(env.DB, env.TEST_MIGRATIONS);
  });

  it("marks the webhook rows whose last error said an attempt timed out, and no other", async () => {
    const flag = (id: string) => env.DB.prepare("SELECT may_have_arrived FROM notification_deliveries WHERE id = ?").bind(id).first<number>("may_have_arrived");
    expect(Object.fromEntries(await Promise.all(Object.entries(ids).map(async ([name, id]) => [name, await flag(id)])))).toEqual({
      timedOut: 1,
      thenRefused: 1,
      refused: 0,
      fresh: 0,
      email: 0,
    });
  });
});

import { createScheduledController, env } from "cloudflare:test";
import { describe, expect, it, vi } from "vitest";
import worker from "../../worker/index";

describe("cron triggers", () => {
  it.each(["0 2 * * *", "30 2 * * *"])("runs the %s handler without failing", async (cron) => {
    const log = vi.spyOn(console, "log").mockImplementation(() => {});
    await worker.scheduled(createScheduledController({ cron, scheduledTime: Date.UTC(2026, 10, 22, 2, 0) }), env);
    expect(log).toHaveBeenCalledWith(`cron ${cron} fired at 2026-11-22T02:00:00.000Z`);
  });
});

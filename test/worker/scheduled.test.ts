import { createScheduledController, env } from "cloudflare:test";
import { describe, expect, it, vi } from "vitest";
import worker from "../../worker/index";

describe("cron triggers", () => {
  it.each(["0 2 * * *", "30 2 * * *"])("runs the %s handler without failing", async (cron) => {
    const log = vi.spyOn(console, "log").mockImplementation(() => {});
    await worker.scheduled(createScheduledController({ cron, scheduledTime: Date.UTC(2026, 10, 22, 2, 0) }), env);
    expect(log).toHaveBeenCalledWith(`cron ${cron} fired at 2026-11-22T02:00:00.000Z`);
  });

  it("runs the alert check, its deliveries and then retention at 02:30, and neither at 02:00", async () => {
    const log = vi.spyOn(console, "log").mockImplementation(() => {});
    await worker.scheduled(createScheduledController({ cron: "0 2 * * *", scheduledTime: Date.UTC(2026, 10, 22, 2, 0) }), env);
    expect(log.mock.calls.map(([first]) => first)).toEqual(["cron 0 2 * * * fired at 2026-11-22T02:00:00.000Z"]);

    log.mockClear();
    await worker.scheduled(createScheduledController({ cron: "30 2 * * *", scheduledTime: Date.UTC(2026, 10, 22, 2, 30) }), env);
    expect(log.mock.calls.map(([first]) => first)).toEqual(["cron 30 2 * * * fired at 2026-11-22T02:30:00.000Z", "alert check", "deliveries", "retention"]);
    expect(JSON.parse(String(log.mock.calls[1]?.[1]))).toMatchObject({ day: "2026-11-22", deferred: false });
    expect(JSON.parse(String(log.mock.calls[2]?.[1]))).toMatchObject({ sent: 0, retrying: 0, failed: 0 });
    expect(JSON.parse(String(log.mock.calls[3]?.[1]))).toMatchObject({ cutoff: "2026-10-23T02:30:00.000Z" });
  });
});

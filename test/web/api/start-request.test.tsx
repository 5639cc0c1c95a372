import { describe, expect, it, vi } from "vitest";
import { startRequest } from "../../../web/src/api/start-request";

/** A request the test answers by hand, recording the signal it was given. */
function manualRequest<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const seen: { signal?: AbortSignal } = {};
  const request = (signal: AbortSignal) => {
    seen.signal = signal;
    return new Promise<T>((onResolve, onReject) => {
      resolve = onResolve;
      reject = onReject;
    });
  };
  return { request, seen, resolve: (value: T) => resolve(value), reject: (error: unknown) => reject(error) };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe("startRequest", () => {
  it("hands the answer to onData", async () => {
    const pending = manualRequest<number>();
    const onData = vi.fn();
    const onError = vi.fn();
    startRequest(pending.request, onData, onError);

    pending.resolve(7);
    await settle();

    expect(onData).toHaveBeenCalledWith(7);
    expect(onError).not.toHaveBeenCalled();
  });

  it("hands a failure to onError", async () => {
    const pending = manualRequest<number>();
    const onError = vi.fn();
    startRequest(pending.request, vi.fn(), onError);

    const failure = new TypeError("Failed to fetch");
    pending.reject(failure);
    await settle();

    expect(onError).toHaveBeenCalledWith(failure);
  });

  it("aborts the request on cleanup and drops whatever arrives afterwards", async () => {
    const answered = manualRequest<number>();
    const failed = manualRequest<number>();
    const onData = vi.fn();
    const onError = vi.fn();
    const cleanups = [startRequest(answered.request, onData, onError), startRequest(failed.request, onData, onError)];

    for (const cleanup of cleanups) cleanup();
    answered.resolve(1);
    failed.reject(new DOMException("Aborted", "AbortError"));
    await settle();

    expect(answered.seen.signal?.aborted).toBe(true);
    expect(failed.seen.signal?.aborted).toBe(true);
    expect(onData).not.toHaveBeenCalled();
    expect(onError).not.toHaveBeenCalled();
  });

  it("drops the answer when the caller's own controller aborts first", async () => {
    const pending = manualRequest<number>();
    const controller = new AbortController();
    const onData = vi.fn();
    startRequest(pending.request, onData, vi.fn(), controller);

    controller.abort();
    pending.resolve(3);
    await settle();

    expect(pending.seen.signal).toBe(controller.signal);
    expect(onData).not.toHaveBeenCalled();
  });
});

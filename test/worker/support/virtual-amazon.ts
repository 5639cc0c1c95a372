import { vi } from "vitest";
import { CREATORS_API_BASE_URL, GET_ITEMS_PATH } from "../../../worker/upstreams/creators/client";
import { systemClock } from "../../../worker/upstreams/creators/budgeted";

/**
 * Amazon's per-credential TPS, judged on the Worker's own clock, which only this harness moves.
 *
 * On real time a 1 TPS test is a race: the budget spaces calls 1,050 ms apart as they leave the
 * Worker, the fake in Node judges them as they arrive, and a loaded machine delays one arrival by
 * more than the 50 ms headroom. Here Date is frozen (vitest fake timers, Date only), the budget's
 * sleeps (systemClock.sleep, BudgetedProductSource's only wait) are parked, and getItems calls are
 * judged by Amazon's rule at the moment they leave, so a call is refused only if the Worker sent it
 * too early. The calls accepted here go on to the fake upstream in Node, which checks and answers them
 * as before (a provisioned TPD included; leave its TPS at the default ceiling, which real time cannot reach).
 */
export interface SentCall {
  /** When the call left the Worker, on the virtual clock. */
  at: number;
  status: number;
}

export interface VirtualAmazon {
  /** The virtual clock when the harness started: nothing moves it but the tasks' waits. */
  start: number;
  /** getItems calls in the order they left the Worker. */
  sent: SentCall[];
  /**
   * Runs the tasks to the end. Whenever every unfinished one is parked in a budget sleep (none is
   * waiting on real I/O), the clock moves to the earliest wake-up and that sleeper goes on. A task
   * sleeps one wait at a time (a lookup's budget wait, the nightly run's pacing), so as many
   * sleepers as unfinished tasks means all are asleep.
   */
  settle<T>(tasks: Promise<T>[]): Promise<T[]>;
  restore(): void;
}

export interface VirtualAmazonOptions {
  /** The credential's TPS (Amazon's bucket holds one second's worth); omitted: no TPS refusals here. */
  perSecond?: number;
  /** How long every access-token grant takes: the clock moves on by this much as it is asked for. */
  authDelayMs?: number;
}

const realTick = () => new Promise((resolve) => setTimeout(resolve, 1));

export function virtualAmazon({ perSecond, authDelayMs = 0 }: VirtualAmazonOptions): VirtualAmazon {
  const start = Date.now();
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(start);

  const asleep: { at: number; wake: () => void }[] = [];
  const sleep = vi.spyOn(systemClock, "sleep").mockImplementation((ms) => new Promise<void>((wake) => asleep.push({ at: Date.now() + ms, wake })));

  // Amazon's rule (test/fakes/creators-upstream.ts, spendTransaction): a bucket of up to one second's worth, refilled at the TPS.
  const capacity = Math.max(1, perSecond ?? 1);
  let tokens = capacity;
  let refilledAt = start;
  const withinTps = (now: number): boolean => {
    if (perSecond === undefined) return true;
    tokens = Math.min(capacity, tokens + ((now - refilledAt) / 1000) * perSecond);
    refilledAt = now;
    if (tokens < 1) return false;
    tokens -= 1;
    return true;
  };

  const sent: SentCall[] = [];
  const realFetch = globalThis.fetch;
  const getItems = new URL(GET_ITEMS_PATH, CREATORS_API_BASE_URL).href;
  vi.stubGlobal("fetch", async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    if (/\/(oauth2|auth\/o2)\/token$/.test(url.pathname)) vi.setSystemTime(Date.now() + authDelayMs);
    if (`${url.origin}${url.pathname}` !== getItems) return realFetch(input, init);
    const call = { at: Date.now(), status: 429 };
    sent.push(call);
    if (!withinTps(call.at)) return Response.json({ type: "ThrottleException", message: "Rate exceeded" }, { status: 429 });
    const res = await realFetch(input, init);
    call.status = res.status;
    return res;
  });

  return {
    start,
    sent,
    async settle(tasks) {
      let unfinished = tasks.length;
      const finished = () => void (unfinished -= 1);
      for (const task of tasks) task.then(finished, finished);
      while (unfinished > 0) {
        if (asleep.length > 0 && asleep.length === unfinished) {
          asleep.sort((a, b) => a.at - b.at);
          const next = asleep.shift()!;
          if (next.at > Date.now()) vi.setSystemTime(next.at);
          next.wake();
        }
        await realTick();
      }
      return Promise.all(tasks);
    },
    restore() {
      sleep.mockRestore();
      vi.unstubAllGlobals();
      vi.useRealTimers();
    },
  };
}

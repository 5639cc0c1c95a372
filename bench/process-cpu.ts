/**
 * CPU time of the Worker's own process, read from /proc: a figure a busy machine moves far less
 * than throughput, which also depends on what else got the CPU (wrangler's proxy, autocannon).
 */
import { readdirSync, readFileSync } from "node:fs";

/** Linux reports process times in clock ticks of 1/100 s (USER_HZ). */
const TICK_US = 10_000;

function statFields(pid: number): string[] {
  // The command name may hold spaces: the fields start after its closing parenthesis.
  return readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
}

/**
 * The two workerd processes of `wrangler dev`: the one that runs the Worker (it has the inspector)
 * and wrangler's proxy in front of it, which every request crosses first. The proxy costs a
 * request about as much CPU as the Worker, and more with every header the request and its answer
 * carry (docs/performance.md), so the bench prints both.
 */
export function devServerProcesses(processGroup: number): { worker: number; proxy: number } {
  let worker: number | undefined;
  let proxy: number | undefined;
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const pid = Number(entry);
      // After the name: state, parent, then the process group (field 5 of /proc/<pid>/stat).
      if (Number(statFields(pid)[2]) !== processGroup) continue;
      const command = readFileSync(`/proc/${pid}/cmdline`, "utf8").split("\0");
      if (!command[0]?.endsWith("/workerd")) continue;
      if (command.some((arg) => arg.startsWith("--inspector-addr"))) worker = pid;
      else proxy = pid;
    } catch {
      // The process ended while being read.
    }
  }
  if (worker === undefined || proxy === undefined) throw new Error(`no Worker and proxy workerd in process group ${processGroup}`);
  return { worker, proxy };
}

/** User and system CPU time the process has used so far, in µs (10 ms resolution). */
export function cpuMicros(pid: number): number {
  const fields = statFields(pid);
  // utime and stime: fields 14 and 15 of /proc/<pid>/stat.
  return (Number(fields[11]) + Number(fields[12])) * TICK_US;
}

/** The process's resident memory, in MB (VmRSS of /proc/<pid>/status). */
export function residentMegabytes(pid: number): number {
  return Math.round(Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1] ?? 0) / 1024);
}

/**
 * `npm test`: three lanes at once, since each suite alone leaves part of the CPU idle. A lane's
 * output is held and printed whole when it ends, each line prefixed with its name; a lane that
 * fails is printed after every other, and a summary closes the log, so its tail, often all a CI
 * report keeps, names what failed. Exits 1 when any lane fails.
 */
import { execFileSync, spawn } from "node:child_process";

const LANES: Array<[name: string, command: string]> = [
  ["typecheck", "npm run typecheck"],
  ["worker", "npm run test:worker"],
  ["web+browser", "npm run test:web && npm run test:e2e"],
];
/**
 * A lane still running after this is stuck: each takes about 3 minutes here (6 on the slowest
 * machine seen). The browser lane once sat idle, no CPU and no output, for minutes after its first
 * files (2026-11-29: one of its two test workers gone, the other waiting); its timeouts never fired,
 * and CI would have waited out its 90 minutes. A stuck lane is killed with every process it started
 * (its app servers and browsers too) and run once more; the summary says so, with the stuck run's
 * output and its processes as they were.
 */
const LANE_TIMEOUT_S = Number(process.env.LANE_TIMEOUT_SECONDS ?? 15 * 60);
/** Lines that name a failed test or file in vitest's report, once colour codes are stripped. */
const FAILURE_LINE = /^\s*(FAIL|×|✗)\s/;
const MAX_FAILURE_LINES = 30;

type LaneResult = { name: string; code: number; seconds: number; lines: string[]; timedOut: boolean };

/** The lanes running, each the leader of its own process group (spawned detached). */
const running = new Set<number>();
const killGroup = (pgid: number) => {
  try {
    process.kill(-pgid, "SIGKILL");
  } catch {
    // Gone already.
  }
};

/**
 * A lane's process and all its descendants (pid, process group, its `ps` line): the browser suite's
 * app servers lead process groups of their own, so killing the lane's group alone would leave them.
 */
function processTree(root: number): { pid: number; pgid: number; line: string }[] {
  let table: string;
  try {
    table = execFileSync("ps", ["-e", "-o", "pid=,ppid=,pgid=,etimes=,time=,args="], { encoding: "utf8" });
  } catch {
    return [];
  }
  const rows = table.split("\n").flatMap((line) => {
    const [pid, ppid, pgid] = line.trim().split(/\s+/).map(Number);
    return pid ? [{ pid, ppid: ppid!, pgid: pgid!, line: line.trim().slice(0, 200) }] : [];
  });
  const tree = rows.filter((row) => row.pid === root);
  for (let i = 0; i < tree.length; i++) tree.push(...rows.filter((row) => row.ppid === tree[i]!.pid));
  return tree;
}

/** Kills a lane and every process group its descendants lead; answers the processes as they were. */
function killLane(pid: number): string[] {
  const tree = processTree(pid);
  new Set([pid, ...tree.map((row) => row.pgid)]).forEach(killGroup);
  return tree.map((row) => `  ${row.line}`);
}

// Lanes do not share this process's group, so a Ctrl+C in the terminal reaches only this process: it
// is passed on to each lane's group, so they stop and clean up as they would; once they have ended,
// what they started in groups of their own (app servers) and left running is killed. A second
// Ctrl+C kills everything at once.
const interrupt: { groups: number[] | null } = { groups: null };
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, () => {
    if (interrupt.groups) {
      running.forEach(killLane);
      interrupt.groups.forEach(killGroup);
      process.exit(1);
    }
    interrupt.groups = [...running].flatMap((pid) => processTree(pid).map((row) => row.pgid));
    for (const pgid of running) {
      try {
        process.kill(-pgid, signal);
      } catch {
        // Gone already.
      }
    }
  });
}

function runLane(name: string, command: string): Promise<LaneResult> {
  const started = performance.now();
  const child = spawn(command, { shell: true, detached: true, stdio: ["ignore", "pipe", "pipe"], env: { ...process.env, FORCE_COLOR: process.env.FORCE_COLOR ?? "1" } });
  running.add(child.pid!);
  let timedOut = false;
  let stuckProcesses: string[] = [];
  const timer = setTimeout(() => {
    timedOut = true;
    stuckProcesses = killLane(child.pid!);
  }, LANE_TIMEOUT_S * 1000);
  let output = "";
  child.stdout.on("data", (chunk: Buffer) => (output += chunk));
  child.stderr.on("data", (chunk: Buffer) => (output += chunk));
  return new Promise((resolve) => {
    child.on("close", (code, signal) => {
      clearTimeout(timer);
      running.delete(child.pid!);
      const lines = output.replace(/\n$/, "").split("\n");
      if (timedOut) lines.push("its processes when it was killed (pid, parent, group, seconds alive, CPU time, command):", ...stuckProcesses);
      resolve({ name, code: timedOut ? 1 : (code ?? (signal ? 1 : 0)), seconds: (performance.now() - started) / 1000, lines, timedOut });
    });
  });
}

/** A lane, run again once if it was stuck; the second run's result, after the first run's output. */
async function runLaneAgainIfStuck(name: string, command: string): Promise<LaneResult & { stuckFirst: boolean }> {
  const first = await runLane(name, command);
  if (!first.timedOut) return { ...first, stuckFirst: false };
  const again = await runLane(name, command);
  const notice = `stuck: no end after ${LANE_TIMEOUT_S} s, killed and run again; the stuck run's output first`;
  return { ...again, seconds: first.seconds + again.seconds, lines: [notice, ...first.lines, "(the second run)", ...again.lines], stuckFirst: true };
}

const print = (lane: LaneResult) => process.stdout.write(lane.lines.map((line) => `[${lane.name}] ${line}\n`).join(""));
const plain = (line: string) => line.replace(/\x1b\[[0-9;]*m/g, "");

const failed: LaneResult[] = [];
const results = await Promise.all(
  LANES.map(([name, command]) =>
    runLaneAgainIfStuck(name, command).then((lane) => {
      if (lane.code === 0) print(lane);
      else failed.push(lane);
      return lane;
    }),
  ),
);
failed.forEach(print);

console.log("\nnpm test:");
for (const lane of results) {
  const stuck = lane.stuckFirst ? ` (its first run stuck past ${LANE_TIMEOUT_S} s and was killed)` : "";
  const outcome = lane.code === 0 ? "passed" : lane.timedOut ? `FAILED (stuck past ${LANE_TIMEOUT_S} s)` : `FAILED (exit ${lane.code})`;
  console.log(`  ${lane.name}: ${outcome} in ${lane.seconds.toFixed(0)} s${stuck}`);
}
for (const lane of failed) {
  const failures = [...new Set(lane.lines.map(plain).filter((line) => FAILURE_LINE.test(line)))];
  if (failures.length) console.log(`  ${lane.name} failures:\n${failures.slice(0, MAX_FAILURE_LINES).map((line) => `    ${line.trim()}`).join("\n")}`);
}
interrupt.groups?.forEach(killGroup);
process.exit(failed.length ? 1 : 0);

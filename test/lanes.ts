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
 * and CI would have waited out its 90 minutes. A stuck lane is killed, whole process group (its app
 * servers and browsers), and run once more; the summary says so, with the first run's output.
 */
const LANE_TIMEOUT_S = Number(process.env.LANE_TIMEOUT_SECONDS ?? 15 * 60);
/** Lines that name a failed test or file in vitest's report, once colour codes are stripped. */
const FAILURE_LINE = /^\s*(FAIL|×|✗)\s/;
const MAX_FAILURE_LINES = 30;

type LaneResult = { name: string; code: number; seconds: number; lines: string[]; timedOut: boolean };

/** Process groups of the lanes running: each lane leads its own, so a stuck one can be killed whole. */
const running = new Set<number>();
const killGroup = (pid: number) => {
  try {
    process.kill(-pid, "SIGKILL");
  } catch {
    // Gone already.
  }
};
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, () => {
    running.forEach(killGroup);
    process.exit(1);
  });
}

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

function runLane(name: string, command: string): Promise<LaneResult> {
  const started = performance.now();
  const child = spawn(command, { shell: true, detached: true, stdio: ["ignore", "pipe", "pipe"], env: { ...process.env, FORCE_COLOR: process.env.FORCE_COLOR ?? "1" } });
  running.add(child.pid!);
  let timedOut = false;
  let stuckProcesses: string[] = [];
  const timer = setTimeout(() => {
    timedOut = true;
    const tree = processTree(child.pid!);
    stuckProcesses = tree.map((row) => `  ${row.line}`);
    new Set([child.pid!, ...tree.map((row) => row.pgid)]).forEach(killGroup);
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
async function runLaneOnce(name: string, command: string): Promise<LaneResult & { stuckFirst: boolean }> {
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
    runLaneOnce(name, command).then((lane) => {
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
process.exit(failed.length ? 1 : 0);

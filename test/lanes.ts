/**
 * `npm test`: three lanes at once, since each suite alone leaves part of the CPU idle. A lane's
 * output is held and printed whole when it ends, each line prefixed with its name; a lane that
 * fails is printed after every other, and a summary closes the log, so its tail, often all a CI
 * report keeps, names what failed. Exits 1 when any lane fails.
 */
import { spawn } from "node:child_process";

const LANES: Array<[name: string, command: string]> = [
  ["typecheck", "npm run typecheck"],
  ["worker", "npm run test:worker"],
  ["web+browser", "npm run test:web && npm run test:e2e"],
];
/** Lines that name a failed test or file in vitest's report, once colour codes are stripped. */
const FAILURE_LINE = /^\s*(FAIL|×|✗)\s/;
const MAX_FAILURE_LINES = 30;

type LaneResult = { name: string; code: number; seconds: number; lines: string[] };

function runLane(name: string, command: string): Promise<LaneResult> {
  const started = performance.now();
  const child = spawn(command, { shell: true, stdio: ["ignore", "pipe", "pipe"], env: { ...process.env, FORCE_COLOR: process.env.FORCE_COLOR ?? "1" } });
  let output = "";
  child.stdout.on("data", (chunk: Buffer) => (output += chunk));
  child.stderr.on("data", (chunk: Buffer) => (output += chunk));
  return new Promise((resolve) => {
    child.on("close", (code, signal) => {
      const lines = output.replace(/\n$/, "").split("\n");
      resolve({ name, code: code ?? (signal ? 1 : 0), seconds: (performance.now() - started) / 1000, lines });
    });
  });
}

const print = (lane: LaneResult) => process.stdout.write(lane.lines.map((line) => `[${lane.name}] ${line}\n`).join(""));
const plain = (line: string) => line.replace(/\x1b\[[0-9;]*m/g, "");

const failed: LaneResult[] = [];
const results = await Promise.all(
  LANES.map(([name, command]) =>
    runLane(name, command).then((lane) => {
      if (lane.code === 0) print(lane);
      else failed.push(lane);
      return lane;
    }),
  ),
);
failed.forEach(print);

console.log("\nnpm test:");
for (const lane of results) console.log(`  ${lane.name}: ${lane.code === 0 ? "passed" : `FAILED (exit ${lane.code})`} in ${lane.seconds.toFixed(0)} s`);
for (const lane of failed) {
  const failures = [...new Set(lane.lines.map(plain).filter((line) => FAILURE_LINE.test(line)))];
  if (failures.length) console.log(`  ${lane.name} failures:\n${failures.slice(0, MAX_FAILURE_LINES).map((line) => `    ${line.trim()}`).join("\n")}`);
}
process.exit(failed.length ? 1 : 0);

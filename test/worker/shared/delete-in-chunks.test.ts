import { describe, expect, it } from "vitest";
import { deleteInChunks } from "../../../worker/shared/delete-in-chunks";

/** A statement that deletes `counts[i]` rows on its i-th run, and fails if run once more. */
function statement(counts: number[]) {
  const runs: number[] = [];
  const run = async () => {
    const changes = counts[runs.length];
    if (changes === undefined) throw new Error(`run ${runs.length + 1} after the last scripted one`);
    runs.push(changes);
    return changes;
  };
  return { run, runs };
}

/** A retention delete runs `chunk` rows a statement until one deletes fewer: then nothing is left. */
describe("deleteInChunks", () => {
  it("repeats while each statement deletes a full chunk, stops after the first short one, and sums the counts", async () => {
    const { run, runs } = statement([3, 3, 1]);
    expect(await deleteInChunks(3, run)).toBe(7);
    expect(runs).toEqual([3, 3, 1]);
  });

  it("runs no statement after a short one", async () => {
    const { run, runs } = statement([2, 1, 2]);
    expect(await deleteInChunks(2, run)).toBe(3);
    expect(runs).toEqual([2, 1]);
  });

  it("runs one more statement after a full last chunk, to see that nothing is left", async () => {
    const { run, runs } = statement([2, 2, 0]);
    expect(await deleteInChunks(2, run)).toBe(4);
    expect(runs).toEqual([2, 2, 0]);
  });

  it("runs one statement when nothing is old enough", async () => {
    const { run, runs } = statement([0]);
    expect(await deleteInChunks(500, run)).toBe(0);
    expect(runs).toEqual([0]);
  });

  it("fails as the statement fails, running none after it", async () => {
    const { run, runs } = statement([2]);
    await expect(deleteInChunks(2, run)).rejects.toThrow("run 2 after the last scripted one");
    expect(runs).toEqual([2]);
  });
});

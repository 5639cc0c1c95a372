/**
 * Runs `deleteChunk` (one statement deleting at most `chunk` rows, answering how many it deleted)
 * until a run deletes fewer than `chunk`: nothing is left then, so no further statement runs.
 * One huge backlog never becomes one huge statement. How many rows went in all.
 */
export async function deleteInChunks(chunk: number, deleteChunk: () => Promise<number>): Promise<number> {
  let deleted = 0;
  for (;;) {
    const changes = await deleteChunk();
    deleted += changes;
    if (changes < chunk) return deleted;
  }
}

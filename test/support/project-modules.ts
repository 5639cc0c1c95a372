interface ModuleNode {
  promise?: unknown;
  exports?: unknown;
  evaluated: boolean;
  importers: Set<string>;
}

/**
 * vi.resetModules() for the project's own code only, called by a setup file (`setupFile`, its
 * path from the repository root) of a suite whose files share one runtime (isolate: false).
 * The next import evaluates those modules afresh: module-level caches start empty and vi.mock
 * applies again. vi.resetModules() itself would also re-evaluate every dependency (React,
 * Stripe, zod, pdf-lib…) for every file, and a setup file's own imports (the Testing Library's
 * cleanup) would then no longer be the test file's; dependencies keep no state tests rely on.
 */
export function forgetProjectModules(setupFile: string, folders: readonly string[]): void {
  const state = (globalThis as { __vitest_worker__?: { evaluatedModules?: { idToModuleMap?: unknown } } }).__vitest_worker__;
  const modules = state?.evaluatedModules?.idToModuleMap;
  if (!(modules instanceof Map)) throw new Error("vitest's module registry moved: update forgetProjectModules, or set isolate: true");
  const ids = [...(modules as Map<string, ModuleNode>).keys()];
  const self = ids.find((id) => id.endsWith(`/${setupFile}`));
  if (!self) throw new Error(`${setupFile} is not in vitest's module registry`);
  const root = self.slice(0, -setupFile.length);
  for (const [id, node] of modules as Map<string, ModuleNode>) {
    if (id === self || id.endsWith("/test/support/project-modules.ts") || !folders.some((folder) => id.startsWith(`${root}${folder}/`))) continue;
    node.promise = undefined;
    node.exports = undefined;
    node.evaluated = false;
    node.importers.clear();
  }
}

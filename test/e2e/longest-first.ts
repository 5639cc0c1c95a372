import { BaseSequencer, type TestSpecification } from "vitest/node";

/**
 * The browser files that took longest on 2026-11-27's 2-core machine, longest first. Without
 * the results of an earlier run (a clean clone, as in CI) Vitest starts the largest files first,
 * and site-routes.test.ts, small for its 33 visits, ran last and alone: about 40 s in which the
 * suite's other worker had nothing left to do.
 */
const LONGEST = ["site-routes", "layout", "dashboard", "alerts-journey", "accounts-journey", "workspaces", "extension", "site-navigation"];

const rank = (spec: TestSpecification) => {
  const index = LONGEST.findIndex((name) => spec.moduleId.endsWith(`/${name}.test.ts`));
  return index === -1 ? LONGEST.length : index;
};

/** Vitest's order (failed, then slowest last time, then largest), with the longest files above first. */
export class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    return (await super.sort(files)).sort((a, b) => rank(a) - rank(b));
  }
}

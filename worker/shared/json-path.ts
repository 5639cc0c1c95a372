/** The value at `path` inside parsed JSON `value` (an upstream's answer), or undefined when any step is not a plain object. */
export function at(value: unknown, ...path: string[]): unknown {
  let step = value;
  for (const key of path) {
    if (typeof step !== "object" || step === null || Array.isArray(step)) return undefined;
    step = (step as Record<string, unknown>)[key];
  }
  return step;
}

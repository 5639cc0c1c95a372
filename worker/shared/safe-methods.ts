/**
 * Methods that change nothing (RFC 9110's safe methods): the origin and XSRF checks let them
 * through, and they leave the isolate's session copies in place. Every other method may change state.
 */
const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

export const isSafeMethod = (method: string): boolean => SAFE_METHODS.has(method);

/**
 * Secrets are set with `wrangler secret put` (or .dev.vars locally) and are absent
 * until an operator adds them, so they are optional here; `Env` itself comes from
 * `wrangler types`.
 */
export interface Secrets {
  /** Creators API credential id, secret and version (from Associates Central). */
  CREATORS_CREDENTIAL_ID?: string;
  CREATORS_CREDENTIAL_SECRET?: string;
  CREATORS_CREDENTIAL_VERSION?: string;
  /** The Associates partner tag sent with every Creators API request. */
  CREATORS_PARTNER_TAG?: string;
}

export type Bindings = Env & Secrets;

export interface AppEnv {
  Bindings: Bindings;
}

/** Reads an integer var of at least `min`, falling back when it is unset or malformed. */
export function intVar(value: string | undefined, fallback: number, min = 1): number {
  const parsed = Number.parseInt(value ?? "", 10);
  return Number.isFinite(parsed) && parsed >= min ? parsed : fallback;
}

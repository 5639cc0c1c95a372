import type { Bindings } from "../env";
import { CreatorsProductSource, creatorsConfigFromEnv } from "./creators-source";
import { MockProductSource } from "./mock-source";
import type { ProductSource } from "./source";

/** The Creators API when its credentials are set, otherwise the labelled mock. */
export function productSourceFor(env: Bindings): ProductSource {
  const config = creatorsConfigFromEnv(env);
  return config ? new CreatorsProductSource(config) : new MockProductSource();
}

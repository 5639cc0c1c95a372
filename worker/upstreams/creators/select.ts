import type { Bindings } from "../../env";
import { creatorsConfigFromEnv } from "../../config";
import { CreatorsProductSource } from "./client";
import { MockProductSource } from "./mock";
import type { ProductSource } from "./product-source";

/** The Creators API when its credentials are set, otherwise the labelled mock. */
export function productSourceFor(env: Bindings): ProductSource {
  const config = creatorsConfigFromEnv(env);
  return config ? new CreatorsProductSource(config) : new MockProductSource();
}

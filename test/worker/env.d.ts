import type { D1Migration } from "cloudflare:test";
import type { OptionalConfig, Secrets } from "../../worker/env";

declare global {
  namespace Cloudflare {
    interface Env extends Secrets, OptionalConfig {
      TEST_MIGRATIONS: D1Migration[];
      TEST_HISTORY_MIGRATIONS: D1Migration[];
    }
  }
  // Tests override vars and bindings through the global Env too, including the optional ones.
  interface Env extends OptionalConfig {}
}

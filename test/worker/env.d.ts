import type { D1Migration } from "cloudflare:test";
import type { OptionalConfig, Secrets } from "../../worker/env";

declare global {
  namespace Cloudflare {
    interface Env extends Secrets, OptionalConfig {
      TEST_MIGRATIONS: D1Migration[];
    }
  }
}

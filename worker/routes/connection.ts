import { Hono } from "hono";
import { deleteCredentials, findCredentials } from "../auth/accounts-store";
import { currentAccount, requireAccount } from "../auth/session-middleware";
import type { AppEnv } from "../env";
import { dropSellerAccessToken } from "../upstreams/spapi/lwa";
import { accessTokenCacheKey } from "../seller/connected-seller-api";

export const connectionRoutes = new Hono<AppEnv>()
  // Disconnect: the refresh token is erased; the account and its settings stay.
  .delete("/", requireAccount, async (c) => {
    const { user } = currentAccount(c);
    const credentials = await findCredentials(c.env.DB, user.id);
    if (credentials) {
      await deleteCredentials(c.env.DB, user.id);
      dropSellerAccessToken(accessTokenCacheKey(user.id, credentials.grantedAt));
    }
    return c.body(null, 204);
  });

import { Hono } from "hono";
import { deleteCredentials, findCredentials, loadSettings, saveSettings } from "../auth/accounts";
import { currentAccount, requireAccount } from "../auth/session-middleware";
import type { AppEnv } from "../env";
import { settingsUpdateSchema } from "../contract/account";
import { dropSellerAccessToken } from "../seller/lwa";
import { accessTokenCacheKey } from "../seller/select-seller-api";
import { zodValidator } from "../validation";

export const settingsRoutes = new Hono<AppEnv>()
  .get("/settings", requireAccount, async (c) => {
    c.header("Cache-Control", "private, no-store");
    return c.json(await loadSettings(c.env.DB, currentAccount(c).user), 200);
  })
  .put("/settings", requireAccount, zodValidator("json", settingsUpdateSchema), async (c) => {
    const { user } = currentAccount(c);
    await saveSettings(c.env.DB, user.id, c.req.valid("json"));
    return c.json(await loadSettings(c.env.DB, user), 200);
  })
  // Disconnect: the refresh token is erased; the account and its settings stay.
  .delete("/connection", requireAccount, async (c) => {
    const { user } = currentAccount(c);
    const credentials = await findCredentials(c.env.DB, user.id);
    if (credentials) {
      await deleteCredentials(c.env.DB, user.id);
      dropSellerAccessToken(accessTokenCacheKey(user.id, credentials.grantedAt));
    }
    return c.body(null, 204);
  });

import { hasRoomToTrack, trackedLimitDetail } from "../billing/tracked-limit-store";
import { Hono } from "hono";
import { currentAccount, requireAccount } from "../auth/session-middleware";
import { planOfUser } from "../billing/user-plan";
import { planCoversMarketplace } from "../billing/entitlements";
import { upgradeHint } from "../contract/billing";
import type { AppEnv } from "../env";
import { addToWatchlist, listWatchlist, removeFromWatchlist } from "../history/watchlist-store";
import { watchlistEntrySchema, type WatchlistResponse } from "../contract/history";
import { pageQuerySchema, type Page } from "../contract/pagination";
import { paginate } from "../shared/paginate";
import { cursorError, zodValidator } from "../validation";

export const watchlistRoutes = new Hono<AppEnv>()
  .get("/", requireAccount, zodValidator("query", pageQuerySchema), async (c) => {
    c.header("Cache-Control", "private, no-store");
    const items = await listWatchlist(c.env.DB, currentAccount(c).user.id);
    const page = paginate(items, (item) => `${item.marketplace}/${item.asin}`, c.req.valid("query"));
    if (!page.ok) return c.json(cursorError(page.detail), 422);
    const body: WatchlistResponse & Page = { items: page.items, next_cursor: page.next_cursor };
    return c.json(body, 200);
  })
  .post("/", requireAccount, zodValidator("json", watchlistEntrySchema), async (c) => {
    const { user } = currentAccount(c);
    const { asin, marketplace } = c.req.valid("json");
    const plan = await planOfUser(c.env.DB, user);
    if (!planCoversMarketplace(plan, marketplace)) {
      return c.json(
        { detail: `Your ${plan.name} plan covers the ${plan.marketplaces.join(", ")} marketplace only, not ${marketplace}.${upgradeHint(plan)}` },
        403,
      );
    }
    if (!(await hasRoomToTrack(c.env.DB, user.id, { asin, marketplace }, plan.watchlistLimit))) {
      return c.json({ detail: trackedLimitDetail(plan, upgradeHint(plan)) }, 403);
    }
    const addition = await addToWatchlist(c.env.DB, user.id, asin, marketplace, plan.watchlistLimit);
    if (addition.status === "limit") {
      return c.json(
        { detail: `Your ${plan.name} plan can watch up to ${plan.watchlistLimit} ASINs. Remove one first.${upgradeHint(plan)}` },
        403,
      );
    }
    return c.json({ item: addition.item }, addition.status === "added" ? 201 : 200);
  })
  .delete("/:marketplace/:asin", requireAccount, zodValidator("param", watchlistEntrySchema), async (c) => {
    const { asin, marketplace } = c.req.valid("param");
    if (!(await removeFromWatchlist(c.env.DB, currentAccount(c).user.id, asin, marketplace))) {
      return c.json({ detail: `${asin} (${marketplace}) is not on your watchlist` }, 404);
    }
    return c.body(null, 204);
  });

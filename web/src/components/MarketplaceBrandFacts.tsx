import type { UserStatus } from "@contract/user-status";
import { marketplaceLabel } from "../lib/marketplaces";

/** The marketplace and brand a seller chose at onboarding, as entries of a <dl>. */
export function MarketplaceBrandFacts({ user, marketplaceTerm }: { user: UserStatus; marketplaceTerm: string }) {
  return (
    <>
      <div>
        <dt>{marketplaceTerm}</dt>
        <dd>{marketplaceLabel(user.marketplace)}</dd>
      </div>
      <div>
        <dt>Brand</dt>
        <dd>{user.brandName ?? "Not set"}</dd>
      </div>
    </>
  );
}

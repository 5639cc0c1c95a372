import { ComparisonTable } from "../../components/ComparisonTable";
import { COMPETITOR_PROFILES, RANKLAYER_PROFILE } from "../../content/comparison";

/** The home page's comparison table: far below the fold, so it loads after the first paint, not with it. */
export function HomeComparison() {
  return (
    <ComparisonTable
      caption="RankLayer, Keepa and Jungle Scout side by side"
      tools={[RANKLAYER_PROFILE, COMPETITOR_PROFILES.keepa, COMPETITOR_PROFILES["jungle-scout"]]}
    />
  );
}

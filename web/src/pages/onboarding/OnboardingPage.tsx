import { useEffect, useId, useState, type FormEvent } from "react";
import { Link, useNavigate } from "react-router-dom";
import {
  ACCOUNT_MARKETPLACES,
  BRAND_NAME_MAX_LENGTH,
  type AccountMarketplace,
  type UserStatus,
} from "@contract/account";
import { fetchOnboardingMarketplaces, saveOnboarding } from "../../api/account";
import { RequireSignIn } from "../../components/RequireSignIn";
import { signInPathReturningTo } from "../../lib/next-path";
import { useSession } from "../../state/session";
import { SetupSteps } from "./SetupSteps";
import { MarketplaceSelect } from "../../components/MarketplaceSelect";
import "../../styles/seller.css";

const SAVE_FAILED = "Failed to save settings. Please try again.";

/** /onboarding: step 2 of the setup, the default marketplace and an optional brand name. */
export function OnboardingPage() {
  return (
    <RequireSignIn title="Set up your account" reason="Connect your seller account (or use the demo) before setting it up.">
      {(user) => <OnboardingForm user={user} />}
    </RequireSignIn>
  );
}

function OnboardingForm({ user }: { user: UserStatus }) {
  const { update } = useSession();
  const navigate = useNavigate();
  const id = useId();
  const [marketplace, setMarketplace] = useState<AccountMarketplace>(user.marketplace);
  const [brandName, setBrandName] = useState(user.brandName ?? "");
  const [saving, setSaving] = useState(false);
  const [failed, setFailed] = useState(false);
  // Until Amazon's list arrives (or if it cannot be read), every marketplace; the server checks the choice.
  const [options, setOptions] = useState<readonly AccountMarketplace[]>(ACCOUNT_MARKETPLACES);

  useEffect(() => {
    const abort = new AbortController();
    fetchOnboardingMarketplaces(abort.signal)
      .then((selling) => {
        if (selling.length === 0) return;
        setOptions(selling);
        setMarketplace((current) => (selling.includes(current) ? current : selling[0]!));
      })
      .catch((error: unknown) => {
        if (!abort.signal.aborted) console.error("The marketplaces you sell in could not be read", error);
      });
    return () => abort.abort();
  }, []);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setSaving(true);
    setFailed(false);
    const brand = brandName.trim();
    try {
      const saved = await saveOnboarding({ marketplace, ...(brand === "" ? {} : { brandName: brand }) });
      update(saved);
      navigate("/seller-central");
    } catch (error) {
      console.error("Onboarding could not be saved", error);
      setFailed(true);
      setSaving(false);
    }
  }

  return (
    <section className="container seller-page">
      <div className="card onboarding">
        <SetupSteps connected={user.connected} />
        <h1>Set up your account</h1>
        <p className="seller-muted">
          Choose where you sell most, so RankLayer opens on the right marketplace.{" "}
          {user.connected
            ? "The list holds the marketplaces Amazon says your account sells in."
            : "No Amazon seller account is connected, so the list holds every seller marketplace RankLayer covers."}
        </p>
        {!user.connected && (
          <p className="seller-muted">
            Connecting Seller Central is optional: <Link to={signInPathReturningTo("/onboarding")}>connect it</Link> now or later from
            Settings, and the list narrows to the marketplaces you sell in.
          </p>
        )}
        <form className="seller-form" onSubmit={(event) => void submit(event)}>
          <MarketplaceSelect
            label="Default Marketplace"
            options={options}
            value={marketplace}
            onChange={setMarketplace}
            disabled={saving}
          />
          <div className="field">
            <label htmlFor={`${id}-brand`}>
              Brand Name <span className="seller-muted">(optional)</span>
            </label>
            <input
              id={`${id}-brand`}
              type="text"
              value={brandName}
              maxLength={BRAND_NAME_MAX_LENGTH}
              disabled={saving}
              autoComplete="organization"
              onChange={(event) => setBrandName(event.target.value)}
            />
          </div>
          {failed && (
            <p className="field-error" role="alert">
              {SAVE_FAILED}
            </p>
          )}
          <button type="submit" className="button button--primary" disabled={saving}>
            {saving ? "Saving..." : "Continue to Seller Central"}
          </button>
          <p className="seller-muted">You can change these settings later in Settings.</p>
        </form>
      </div>
    </section>
  );
}

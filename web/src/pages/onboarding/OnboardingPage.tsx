import { useEffect, useId, useState, type FormEvent } from "react";
import { useNavigate } from "react-router-dom";
import { Link } from "../../components/Link";
import {
  ACCOUNT_MARKETPLACES,
  BRAND_NAME_MAX_LENGTH,
  type AccountMarketplace,
  type UserStatus,
} from "@contract/account";
import { fetchOnboardingMarketplaces, saveOnboarding } from "../../api/account";
import { errorMessage } from "../../api/api-error";
import { serverFieldErrors, type FieldErrors } from "../../api/field-errors";
import { AddWayInNotice } from "../../components/AddWayInNotice";
import { RequireSignIn } from "../../components/RequireSignIn";
import { signInPathReturningTo } from "../../lib/next-path";
import { useSession } from "../../state/session";
import { SetupSteps } from "./SetupSteps";
import { MarketplaceSelect } from "../../components/MarketplaceSelect";
import "../../styles/seller.css";

const SAVE_FAILED = "Failed to save settings. Please try again.";
const FIELDS = ["marketplace", "brandName"] as const;
type Field = (typeof FIELDS)[number];

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
  // The server's reason, by its field when it names one (a control character in the brand, a
  // marketplace the seller does not sell in): retrying the same values would fail the same way.
  const [fieldErrors, setFieldErrors] = useState<FieldErrors<Field>>({});
  const [failed, setFailed] = useState<string | null>(null);
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
    setFailed(null);
    setFieldErrors({});
    const brand = brandName.trim();
    try {
      const saved = await saveOnboarding({ marketplace, ...(brand === "" ? {} : { brandName: brand }) });
      update(saved);
      navigate("/seller-central");
    } catch (error) {
      console.error("Onboarding could not be saved", error);
      const errors = serverFieldErrors(error, FIELDS);
      setFieldErrors(errors);
      if (errors.marketplace === undefined && errors.brandName === undefined) setFailed(errorMessage(error, SAVE_FAILED));
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
        <AddWayInNotice user={user} />
        <form className="seller-form" onSubmit={(event) => void submit(event)}>
          <MarketplaceSelect
            label="Default Marketplace"
            options={options}
            value={marketplace}
            onChange={setMarketplace}
            disabled={saving}
            errorId={fieldErrors.marketplace === undefined ? undefined : `${id}-marketplace-error`}
          />
          {fieldErrors.marketplace !== undefined && (
            <p id={`${id}-marketplace-error`} className="field-error" role="alert">
              {fieldErrors.marketplace}
            </p>
          )}
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
              aria-invalid={fieldErrors.brandName !== undefined}
              aria-describedby={fieldErrors.brandName === undefined ? undefined : `${id}-brand-error`}
              onChange={(event) => setBrandName(event.target.value)}
            />
            {fieldErrors.brandName !== undefined && (
              <p id={`${id}-brand-error`} className="field-error" role="alert">
                {fieldErrors.brandName}
              </p>
            )}
          </div>
          {failed !== null && (
            <p className="field-error" role="alert">
              {failed}
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

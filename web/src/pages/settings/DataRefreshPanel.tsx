import { useId, type FormEvent } from "react";
import {
  REFRESH_FREQUENCIES,
  REFRESH_MARKETPLACES,
  type RefreshFrequency,
  type SettingsUpdate,
} from "@contract/account";
import { SaveBar } from "./SaveBar";
import type { SaveState } from "./use-seller-settings";
import { MarketplaceSelect } from "../../components/MarketplaceSelect";
import { RefreshNowButton } from "../dashboard/RefreshNowButton";

/** Each sync option and the plans that include it. */
const FREQUENCY_OPTIONS: Record<RefreshFrequency, { label: string; plans: string }> = {
  hourly: { label: "Hourly", plans: "Pro/Agency" },
  six_hours: { label: "Every 6 hours", plans: "Pro/Agency" },
  daily: { label: "Daily at 2 AM UTC", plans: "All plans (default)" },
  manual: { label: "Manual only", plans: "All plans" },
};

interface DataRefreshPanelProps {
  draft: SettingsUpdate;
  save: SaveState;
  onChange: (next: SettingsUpdate) => void;
  onSave: () => Promise<void>;
}

export function DataRefreshPanel({ draft, save, onChange, onSave }: DataRefreshPanelProps) {
  const id = useId();

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    void onSave();
  }

  return (
    <form className="settings-form" onSubmit={submit}>
      <h2>Data Refresh</h2>
      <fieldset className="settings-form__group">
        <legend>Sync frequency</legend>
        {REFRESH_FREQUENCIES.map((frequency) => (
          <label key={frequency} className="choice">
            <input
              type="radio"
              name={`${id}-frequency`}
              value={frequency}
              checked={draft.dataRefresh.frequency === frequency}
              onChange={() => onChange({ ...draft, dataRefresh: { ...draft.dataRefresh, frequency } })}
            />
            <span>{FREQUENCY_OPTIONS[frequency].label}</span>
            <span className="plan-tag">{FREQUENCY_OPTIONS[frequency].plans}</span>
          </label>
        ))}
      </fieldset>
      <p className="seller-muted">
        Daily: the nightly 02:00 UTC snapshot. Every 6 hours and hourly (Pro) add intraday snapshots within the same upstream
        budget. Manual only: no scheduled snapshots; take one with "Refresh now", at most once every 10 minutes.
      </p>
      {draft.dataRefresh.frequency === "manual" && <RefreshNowButton onRefreshed={() => undefined} />}
      <MarketplaceSelect
        label="Marketplace"
        options={REFRESH_MARKETPLACES}
        value={draft.dataRefresh.marketplace}
        onChange={(marketplace) => onChange({ ...draft, dataRefresh: { ...draft.dataRefresh, marketplace } })}
        className="settings-form__marketplace"
      />
      <SaveBar save={save} />
    </form>
  );
}

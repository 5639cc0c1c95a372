import { useId, useState, type FormEvent } from "react";
import { ALERT_CONDITIONS, DEFAULT_THRESHOLDS, SELLER_CONDITIONS } from "@contract/alerts";
import { LOOKUP_MARKETPLACES } from "@contract/marketplaces";
import { errorMessage } from "../../api/api-error";
import { LimitMessage } from "../../components/LimitMessage";
import { createAlert } from "../../api/alerts";
import { fetchConnections } from "../../api/connections";
import { useResource } from "../../api/use-resource";
import { AsinField } from "../../components/AsinField";
import { ConnectionSelect } from "../../components/ConnectionPicker";
import { Dialog } from "../../components/Dialog";
import { MarketplaceSelect } from "../../components/MarketplaceSelect";
import { oneOf } from "../../lib/marketplaces";
import { CONDITION_COPY } from "./alert-copy";
import { ChannelChoices } from "./ChannelChoices";
import { serverFieldErrors, type FieldErrors } from "../../api/field-errors";
import { DRAFT_FIELDS, validateDraft, type AlertDraft, type DraftField } from "./alert-draft";

const CREATE_FAILED = "Failed to create alert";

interface NewAlertModalProps {
  /** The form's values, kept by the page so Cancel does not lose them. */
  draft: AlertDraft;
  onChange: (draft: AlertDraft) => void;
  onClose: () => void;
  /** After the alert was created: the page closes this, resets the draft and reloads its list. */
  onCreated: () => void;
}

/** The Create Alert modal: validated with the Worker's schema first, then POST /api/alerts. */
export function NewAlertModal({ draft, onChange, onClose, onCreated }: NewAlertModalProps) {
  const id = useId();
  const [errors, setErrors] = useState<FieldErrors<DraftField>>({});
  const [serverError, setServerError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const fieldId = (field: DraftField) => `${id}-${field}`;
  // Seller-data alerts can watch one seller account; the picker shows once there are two to pick from.
  const [connectionsLoad] = useResource(fetchConnections);
  const connections = connectionsLoad.status === "success" ? connectionsLoad.data.connections : [];
  const showConnections = connections.length >= 2 && SELLER_CONDITIONS.includes(draft.conditionType);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setServerError(null);
    const checked = validateDraft(draft);
    if ("errors" in checked) {
      setErrors(checked.errors);
      const firstInvalid = DRAFT_FIELDS.find((field) => checked.errors[field]);
      if (firstInvalid) document.getElementById(fieldId(firstInvalid))?.focus();
      return;
    }
    setErrors({});
    setSaving(true);
    try {
      await createAlert(checked.alert);
    } catch (error) {
      // A rule only the server checks (where the seller sells, say) is shown on its field.
      const fieldErrors = serverFieldErrors(error, DRAFT_FIELDS);
      const firstInvalid = DRAFT_FIELDS.find((field) => fieldErrors[field]);
      if (firstInvalid) {
        setErrors(fieldErrors);
        document.getElementById(fieldId(firstInvalid))?.focus();
      } else {
        setServerError(errorMessage(error, CREATE_FAILED));
      }
      setSaving(false);
      return;
    }
    onCreated();
  }

  const thresholdLabel = CONDITION_COPY[draft.conditionType].thresholdLabel;
  const invalid = (field: DraftField) =>
    errors[field] === undefined ? {} : { "aria-invalid": true, "aria-describedby": `${fieldId(field)}-error` };
  const fieldError = (field: DraftField) =>
    errors[field] !== undefined && (
      <p id={`${fieldId(field)}-error`} className="field-error">
        {errors[field]}
      </p>
    );

  return (
    <Dialog title="Create Alert" onClose={onClose}>
      <form className="alert-form" onSubmit={(event) => void submit(event)} noValidate>
        <AsinField
          id={fieldId("asin")}
          value={draft.asin}
          onValueChange={(asin, marketplace) => onChange({ ...draft, asin, marketplace: marketplace ?? draft.marketplace })}
          {...invalid("asin")}
        >
          {fieldError("asin")}
        </AsinField>

        <div className="field">
          <label htmlFor={fieldId("conditionType")}>Condition</label>
          <select
            id={fieldId("conditionType")}
            value={draft.conditionType}
            onChange={(event) => {
              const conditionType = oneOf(ALERT_CONDITIONS, event.target.value);
              if (!conditionType) return;
              // Each condition starts from its own default threshold (none for buybox_lost).
              const threshold = DEFAULT_THRESHOLDS[conditionType];
              onChange({ ...draft, conditionType, threshold: threshold === null ? "" : String(threshold) });
            }}
            {...invalid("conditionType")}
          >
            {ALERT_CONDITIONS.map((condition) => (
              <option key={condition} value={condition}>
                {CONDITION_COPY[condition].label}
                {SELLER_CONDITIONS.includes(condition) ? " (connected sellers)" : ""}
              </option>
            ))}
          </select>
          {fieldError("conditionType")}
        </div>

        {showConnections && (
          <ConnectionSelect
            id={`${id}-connection`}
            className="field"
            label="Seller account"
            anyText="Any seller account"
            value={draft.connectionId ?? ""}
            connections={connections}
            onChange={(connectionId) => onChange({ ...draft, connectionId })}
          />
        )}

        {thresholdLabel !== null && (
          <div className="field">
            <label htmlFor={fieldId("threshold")}>{thresholdLabel}</label>
            <input
              id={fieldId("threshold")}
              type="number"
              inputMode="numeric"
              min={1}
              step={1}
              value={draft.threshold}
              onChange={(event) => onChange({ ...draft, threshold: event.target.value })}
              {...invalid("threshold")}
            />
            {fieldError("threshold")}
          </div>
        )}

        <MarketplaceSelect
          id={fieldId("marketplace")}
          label="Marketplace"
          options={LOOKUP_MARKETPLACES}
          value={draft.marketplace}
          onChange={(marketplace) => onChange({ ...draft, marketplace })}
          errorId={errors.marketplace === undefined ? undefined : `${fieldId("marketplace")}-error`}
        />
        {fieldError("marketplace")}

        <ChannelChoices draft={draft} onChange={onChange} />

        {serverError !== null && <LimitMessage text={serverError} />}
        <div className="alert-form__actions">
          <button type="submit" className="button button--primary" disabled={saving}>
            {saving ? "Creating..." : "Create alert"}
          </button>
          <button type="button" className="button button--secondary" onClick={onClose}>
            Cancel
          </button>
        </div>
      </form>
    </Dialog>
  );
}

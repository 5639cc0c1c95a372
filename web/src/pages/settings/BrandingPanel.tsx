import { useId, useRef, useState, type ChangeEvent, type FormEvent } from "react";
import { LOGO_MAX_KB, type BrandingResponse } from "@contract/branding";
import { LoadFailed } from "../../components/LoadFailed";
import { errorMessage } from "../../api/api-error";
import { serverFieldErrors, type FieldErrors } from "../../api/field-errors";
import { fetchBranding, removeLogo, saveBranding, uploadLogo } from "../../api/branding";
import { useResource } from "../../api/use-resource";
import { ReportRecipientsForm } from "./ReportRecipientsForm";
import "../../styles/branding.css";
import { mayPassOnRetry } from "../../api/retry";

const FIELDS = ["display_name", "accent_color"] as const;
type Field = (typeof FIELDS)[number];
type Message = { kind: "status" | "error"; text: string } | null;

/** Settings → Branding: the name, colour and logo PDFs and weekly reports carry, with a preview. */
export function BrandingPanel() {
  const [load, reload] = useResource(fetchBranding);
  return (
    <div className="settings-panel">
      <h2>Branding</h2>
      <p>
        PDF exports and the weekly report say <strong>Prepared by</strong> your name, with your logo and colour. RankLayer&apos;s Amazon
        Associates notice stays on every report.
      </p>
      {load.status === "loading" && (
        <p className="seller-muted" role="status">
          Loading your branding...
        </p>
      )}
      {load.status === "error" && <LoadFailed message={load.message ?? "Your branding could not be loaded."} onRetry={reload} />}
      {load.status === "success" && <BrandingForm initial={load.data} />}
    </div>
  );
}

function BrandingForm({ initial }: { initial: BrandingResponse }) {
  const id = useId();
  const [branding, setBranding] = useState(initial);
  const [name, setName] = useState(initial.display_name ?? "");
  const [accent, setAccent] = useState(initial.accent_color ?? "");
  const [busy, setBusy] = useState(false);
  // The form's outcome shows under Save, the logo's under the logo field: each by the control used
  // (at 390 px the logo field alone pushed a refused colour out of view).
  const [formMessage, setFormMessage] = useState<Message>(null);
  const [logoMessage, setLogoMessage] = useState<Message>(null);
  const [fieldErrors, setFieldErrors] = useState<FieldErrors<Field>>({});
  // The file whose upload failed: still in the picker, and offered again without picking it anew.
  const [failedLogo, setFailedLogo] = useState<File | null>(null);
  const logoInput = useRef<HTMLInputElement>(null);
  const readOnly = !branding.can_edit;

  /** Runs a change; what it failed with, or null when it went through. */
  async function run(action: () => Promise<BrandingResponse>, done: string, show: (message: Message) => void, fallback: string): Promise<unknown> {
    setBusy(true);
    setFormMessage(null);
    setLogoMessage(null);
    setFieldErrors({});
    let failure: unknown = null;
    try {
      const next = await action();
      setBranding(next);
      show({ kind: "status", text: done });
    } catch (error) {
      failure = error;
      const errors = serverFieldErrors(error, FIELDS);
      setFieldErrors(errors);
      if (errors.display_name === undefined && errors.accent_color === undefined) show({ kind: "error", text: errorMessage(error, fallback) });
    }
    setBusy(false);
    return failure;
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    void run(
      () => saveBranding({ display_name: name.trim() || null, accent_color: accent.trim() || null }),
      "Branding saved.",
      setFormMessage,
      "Could not save the branding. Please try again.",
    );
  }

  async function sendLogo(file: File) {
    const failure = await run(() => uploadLogo(file), "Logo uploaded.", setLogoMessage, `Could not upload ${file.name}. Please try again.`);
    // Offered again only when the same file may go through, not when it was refused.
    setFailedLogo(failure !== null && mayPassOnRetry(failure) ? file : null);
    // Emptied only once it is uploaded, so the same file can be picked again for the next change.
    if (failure === null && logoInput.current) logoInput.current.value = "";
  }

  function pickLogo(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    if (file) void sendLogo(file);
  }

  const accentComplete = /^#[0-9a-fA-F]{6}$/.test(accent);
  const previewAccent = accentComplete ? accent : branding.accent_color;
  return (
    <>
      {readOnly && <p className="seller-muted">Only an owner or admin of the workspace can change its branding.</p>}
      <form className="settings-form branding-form" onSubmit={submit} aria-label="Branding">
        <div className="field settings-form__field">
          <label htmlFor={`${id}-name`}>Display name</label>
          <input
            id={`${id}-name`}
            value={name}
            maxLength={80}
            placeholder="e.g. Acme Agency"
            disabled={readOnly}
            aria-invalid={fieldErrors.display_name !== undefined}
            aria-describedby={fieldErrors.display_name === undefined ? undefined : `${id}-name-error`}
            onChange={(e) => setName(e.target.value)}
          />
          {fieldErrors.display_name !== undefined && (
            <p id={`${id}-name-error`} className="field-error" role="alert">
              {fieldErrors.display_name}
            </p>
          )}
        </div>
        <div className="field settings-form__field">
          <label htmlFor={`${id}-accent`}>Accent colour</label>
          <div className="branding-form__colour">
            <input
              id={`${id}-accent`}
              value={accent}
              maxLength={7}
              placeholder="#1d4ed8"
              aria-invalid={fieldErrors.accent_color !== undefined}
              aria-describedby={fieldErrors.accent_color === undefined ? `${id}-accent-hint` : `${id}-accent-error ${id}-accent-hint`}
              disabled={readOnly}
              onChange={(e) => setAccent(e.target.value)}
            />
            <input
              type="color"
              aria-label="Pick the accent colour"
              value={accentComplete ? accent.toLowerCase() : "#1d4ed8"}
              disabled={readOnly}
              onChange={(e) => setAccent(e.target.value)}
            />
          </div>
          <p id={`${id}-accent-hint`} className="toggle__description">
            #rrggbb, dark enough for white text on it (contrast at least 4.5:1).
          </p>
          {fieldErrors.accent_color !== undefined && (
            <p id={`${id}-accent-error`} className="field-error" role="alert">
              {fieldErrors.accent_color}
            </p>
          )}
        </div>
        <button type="submit" className="button button--primary" disabled={readOnly || busy}>
          Save branding
        </button>
        <Outcome message={formMessage} />
      </form>
      <div className="field settings-form__field">
        <label htmlFor={`${id}-logo`}>Logo</label>
        <input
          ref={logoInput}
          id={`${id}-logo`}
          type="file"
          accept="image/png,image/svg+xml"
          disabled={readOnly || busy}
          aria-describedby={`${id}-logo-hint`}
          onChange={pickLogo}
        />
        <p id={`${id}-logo-hint`} className="toggle__description">
          PNG or SVG, at most {LOGO_MAX_KB} kB. PDFs show a PNG, or an SVG made only of filled paths; with another SVG they show your name alone.
        </p>
        {branding.logo && (
          <button
            type="button"
            className="button button--secondary branding-form__remove"
            disabled={readOnly || busy}
            onClick={() => void run(removeLogo, "Logo removed.", setLogoMessage, "Could not remove the logo. Please try again.")}
          >
            Remove logo
          </button>
        )}
        <Outcome message={logoMessage} />
        {failedLogo && (
          <button type="button" className="button button--secondary branding-form__retry" disabled={readOnly || busy} onClick={() => void sendLogo(failedLogo)}>
            Upload {failedLogo.name} again
          </button>
        )}
      </div>
      {/* The API gives the logo's public URL (for emails); the page loads it from its own origin. */}
      <BrandingPreview name={branding.display_name} accent={previewAccent} logoUrl={branding.logo ? new URL(branding.logo.url).pathname : null} />
      <ReportRecipientsForm readOnly={readOnly} />
    </>
  );
}

/** What a save or a logo change came to, by its control. */
function Outcome({ message }: { message: Message }) {
  if (message === null) return null;
  return (
    <p className={message.kind === "error" ? "field-error" : "seller-muted"} role={message.kind === "error" ? "alert" : "status"}>
      {message.text}
    </p>
  );
}

/** How a report's heading will look: logo, "Prepared by" in the accent colour. */
function BrandingPreview({ name, accent, logoUrl }: { name: string | null; accent: string | null; logoUrl: string | null }) {
  return (
    <figure className="branding-preview" aria-label="Report preview">
      {logoUrl && <img className="branding-preview__logo" src={logoUrl} alt={name ? `${name} logo` : "Your logo"} />}
      <p className="branding-preview__heading" style={accent ? { background: accent } : undefined}>
        {name ? `Prepared by ${name}` : "RankLayer"}
      </p>
      <figcaption className="seller-muted">Preview of a report heading.</figcaption>
    </figure>
  );
}

import { useId, type FormEvent } from "react";
import { LoadFailed } from "../../components/LoadFailed";
import { formatUtc } from "../../lib/format";
import { CHANNEL_LIMITS, type ChannelDeliveryProblem, UNREADABLE_WEBHOOK_URL, type WebhookTestResult } from "@contract/channels";
import { useWorkspaces } from "../../state/workspaces";
import { SaveBar } from "./SaveBar";
import type { ChannelField, ChannelSettingsState } from "./use-channel-settings";

/** Where alert emails and webhooks go, the webhook's signing secret and a test send. */
export function AlertChannels({ channels }: { channels: ChannelSettingsState }) {
  const id = useId();
  const { load, save, fieldErrors, secret, test, change, saveDraft, generateSecret, sendTest, retryLoad } = channels;
  // The secret and the test delivery are the `settings` permission's, as saving is (SaveBar says who may).
  const mayChange = !useWorkspaces().lacks("settings");

  if (load.status === "loading") {
    return (
      <p className="seller-muted" role="status">
        Loading your alert channels...
      </p>
    );
  }
  if (load.status === "error") {
    return (
      <LoadFailed message={load.message} onRetry={retryLoad} />
    );
  }

  const { saved, draft } = load;
  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    void saveDraft();
  }
  const fieldProps = (field: ChannelField) => {
    const error = fieldErrors[field];
    return {
      id: `${id}-${field}`,
      value: draft[field],
      maxLength: CHANNEL_LIMITS[field],
      onChange: (event: { target: { value: string } }) => change(field, event.target.value),
      "aria-invalid": error !== undefined,
      "aria-describedby": `${id}-${field}-hint${error ? ` ${id}-${field}-error` : ""}`,
    };
  };

  return (
    <>
      {/* noValidate: the shared schema checks the fields, with the server's own messages. */}
      <form className="settings-form" onSubmit={submit} noValidate aria-labelledby={`${id}-heading`}>
        <h3 id={`${id}-heading`}>Alert channels</h3>
        <div className="field settings-form__field">
          <label htmlFor={`${id}-alertEmail`}>Alert email address</label>
          {/* A demo account mails no address (anyone can make one): the server says why, in place of the field's use. */}
          <input {...fieldProps("alertEmail")} type="email" autoComplete="email" disabled={saved.alertEmailRefusal !== null} />
          <p id={`${id}-alertEmail-hint`} className="toggle__description">
            {saved.alertEmailRefusal ??
              (saved.emailConfigured
                ? "Alert emails go here. Your Amazon sign-in shares no email address with RankLayer, so add one to get them."
                : "Email sending is not set up on this server yet; alerts still appear in the app.")}
          </p>
          <DeliveryProblem problems={saved.deliveryProblems} channel="email" />
          <FieldError id={`${id}-alertEmail-error`} message={fieldErrors.alertEmail} />
        </div>
        <div className="field settings-form__field">
          <label htmlFor={`${id}-webhookUrl`}>Webhook URL</label>
          <input {...fieldProps("webhookUrl")} type="url" inputMode="url" placeholder="https://hooks.slack.com/services/…" />
          <p id={`${id}-webhookUrl-hint`} className="toggle__description">
            HTTPS only. A Slack or Discord webhook URL works as is; other receivers can check the X-RankLayer-Signature header.
          </p>
          {/* A URL is saved, but this server can no longer read it: say so rather than show an empty field. */}
          {saved.webhookUrlUnreadable && !fieldErrors.webhookUrl && (
            <p className="field-error" role="alert">
              {UNREADABLE_WEBHOOK_URL}
            </p>
          )}
          <DeliveryProblem problems={saved.deliveryProblems} channel="webhook" />
          <FieldError id={`${id}-webhookUrl-error`} message={fieldErrors.webhookUrl} />
        </div>
        <SaveBar save={save} label="Save channels" savedText="Channels saved." />
      </form>

      <section className="settings-form" aria-labelledby={`${id}-secret-heading`}>
        <h3 id={`${id}-secret-heading`}>Webhook signing secret</h3>
        <p className="toggle__description">
          {saved.webhookSecretSet
            ? "A secret is set. Generating a new one replaces it at once."
            : "No secret yet: generate one to start receiving webhooks."}
        </p>
        {mayChange && (
          <div className="connect__actions">
            <button type="button" className="button button--secondary" disabled={secret.status === "busy"} onClick={() => void generateSecret()}>
              {secret.status === "busy" ? "Generating..." : "Generate secret"}
            </button>
            <button
              type="button"
              className="button button--secondary"
              disabled={test.status === "busy" || !saved.webhookUrl || !saved.webhookSecretSet}
              onClick={() => void sendTest()}
            >
              {test.status === "busy" ? "Sending..." : "Send test"}
            </button>
          </div>
        )}
        {secret.status === "done" && (
          <div className="seller-note seller-note--info" role="status">
            <p>Copy your new secret now: it will not be shown again.</p>
            <p>
              <code aria-label="New webhook secret">{secret.value}</code>
            </p>
          </div>
        )}
        {secret.status === "error" && (
          <p className="field-error" role="alert">
            {secret.message}
          </p>
        )}
        <TestOutcome test={test} />
      </section>
    </>
  );
}

/** A channel whose latest alert did not get through: said where its setting is, so it is not missed. */
function DeliveryProblem({ problems, channel }: { problems: ChannelDeliveryProblem[]; channel: ChannelDeliveryProblem["channel"] }) {
  const problem = problems.find((p) => p.channel === channel);
  if (!problem) return null;
  const where = channel === "email" ? "this address" : "this webhook";
  const fired = formatUtc(problem.firedAt);
  // A refusal for good names the address and what to do ("the email service no longer sends to ann@… It is not tried again: … save a working address"): said once.
  const saysWhatToDo = problem.refusedForGood;
  return (
    <p className="field-error" role="status">
      {problem.status === "failed"
        ? saysWhatToDo
          ? `Your latest alert (fired ${fired}) could not be delivered: ${problem.detail}.`
          : `Your latest alert (fired ${fired}) could not be delivered to ${where}: ${problem.detail}. Check the setting${channel === "webhook" ? ", then Send test" : ""}.`
        : `Your latest alert (fired ${fired}) has not reached ${where} yet: ${problem.detail}. It is being retried.`}
    </p>
  );
}

function FieldError({ id, message }: { id: string; message: string | undefined }) {
  return message ? (
    <p id={id} className="field-error">
      {message}
    </p>
  ) : null;
}

function TestOutcome({ test }: { test: ChannelSettingsState["test"] }) {
  if (test.status === "error") {
    return (
      <p className="field-error" role="alert">
        {test.message}
      </p>
    );
  }
  if (test.status !== "done") return null;
  return test.value.ok ? (
    <p className="save-bar__status" role="status">
      Test sent: your endpoint answered HTTP {test.value.status}.
    </p>
  ) : (
    <p className="field-error" role="alert">
      {testFailure(test.value)}
    </p>
  );
}

function testFailure(result: WebhookTestResult): string {
  return `Test failed: ${result.detail ?? `HTTP ${result.status ?? "error"}`}`;
}

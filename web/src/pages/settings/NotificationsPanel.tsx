import type { FormEvent } from "react";
import type { NotificationSettings, SettingsUpdate } from "@contract/account";
import type { ReportDeliveryProblem } from "@contract/channels";
import { AlertChannels } from "./AlertChannels";
import { SaveBar } from "./SaveBar";
import type { ChannelSettingsState } from "./use-channel-settings";
import type { SaveState } from "./use-seller-settings";

const TOGGLES: readonly { key: keyof NotificationSettings; label: string; description: string }[] = [
  { key: "emailAlerts", label: "Email alerts", description: "Send alerts to your email address." },
  { key: "inAppAlerts", label: "In-app alerts", description: "Show alerts inside RankLayer." },
  {
    key: "dailyReport",
    label: "Daily report",
    description: "Every morning after the 02:00 UTC snapshot: what moved since yesterday, alerts fired, Buy Box and stock changes, with a CSV. Sent to your alert email.",
  },
  {
    key: "weeklyReport",
    label: "Weekly report",
    description: "Every Monday: the week's rank movement, alerts, Buy Box and stock changes, with a CSV. Sent to your alert email.",
  },
  { key: "rankDrops", label: "Rank drops", description: "When a product's Best Sellers Rank drops sharply." },
  { key: "buyBoxLoss", label: "Buy Box loss", description: "When you lose the Buy Box on a product." },
];

interface NotificationsPanelProps {
  draft: SettingsUpdate;
  save: SaveState;
  onChange: (next: SettingsUpdate) => void;
  onSave: () => Promise<void>;
  /** Where alerts go: saved on their own, with their own Save button. */
  channels: ChannelSettingsState;
}

export function NotificationsPanel({ draft, save, onChange, onSave, channels }: NotificationsPanelProps) {
  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    void onSave();
  }

  return (
    <div className="settings-panel">
      <form className="settings-form" onSubmit={submit}>
        <h2>Notifications</h2>
        <fieldset className="settings-form__group">
          <legend className="visually-hidden">Notification channels and triggers</legend>
          {TOGGLES.map(({ key, label, description }) => (
            <label key={key} className="toggle">
              <input
                type="checkbox"
                role="switch"
                checked={draft.notifications[key] ?? false}
                onChange={(event) =>
                  onChange({ ...draft, notifications: { ...draft.notifications, [key]: event.target.checked } })
                }
              />
              <span className="toggle__text">
                <span className="toggle__label">{label}</span>
                <span className="toggle__description">{description}</span>
              </span>
            </label>
          ))}
        </fieldset>
        <ReportProblems channels={channels} />
        <SaveBar save={save} />
      </form>
      <AlertChannels channels={channels} />
    </div>
  );
}

/** What a report email that did not get through says, beside the reports' switches. */
function reportProblemText(problem: ReportDeliveryProblem): string {
  const report = `Your ${problem.kind} report of ${problem.period}`;
  const to = problem.recipient ?? "your alert email";
  // A refusal for good names the address itself ("the email service no longer sends to ann@… It is not tried again: … save a working address"): said once.
  const toWhom = problem.refusedForGood ? "" : ` to ${to}`;
  return problem.status === "failed"
    ? `${report} could not be sent${toWhom}: ${problem.detail}.`
    : `${report} has not reached ${to} yet: ${problem.detail}. It is being retried.`;
}

/** The report emails whose latest send failed or waits for a retry, so a missing report is never a silent loss. */
function ReportProblems({ channels }: { channels: ChannelSettingsState }) {
  if (channels.load.status !== "ready") return null;
  return channels.load.saved.reportProblems.map((problem) => (
    <p key={`${problem.kind}:${problem.recipient ?? ""}`} className="field-error" role="status">
      {reportProblemText(problem)}
    </p>
  ));
}

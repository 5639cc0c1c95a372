import type { Bindings } from "../env";
import { escapeHtml } from "../shared/html";
import { bindingEmailSender } from "../upstreams/email/sender";
import { alertsPageUrl, type AlertEmailConfig } from "../config";
import { type AlertEventMessage, conditionName } from "./alert-event";

/** One alert firing as an email: the same facts in plain text and in simple HTML. */
export function alertEmail(event: AlertEventMessage, to: string, from: string, alertsUrl: string): EmailMessageBuilder {
  const facts: [string, string][] = [
    ["ASIN", event.asin],
    ["Marketplace", event.marketplace],
    ["Condition", conditionName(event.conditionType) + (event.threshold === null ? "" : ` (threshold ${event.threshold})`)],
    ["Day", `${event.day} (UTC)`],
  ];
  const footer = "You get this email because email is on for this alert. Change its channels on your alerts page.";
  return {
    from: { name: "RankLayer alerts", email: from },
    to,
    subject: `RankLayer alert: ${event.asin} (${event.marketplace}) – ${conditionName(event.conditionType)}`,
    text: [event.message, "", ...facts.map(([term, value]) => `${term}: ${value}`), "", `Your alerts: ${alertsUrl}`, "", footer].join(
      "\n",
    ),
    html: [
      `<p>${escapeHtml(event.message)}</p>`,
      `<table>${facts.map(([term, value]) => `<tr><th align="left">${term}</th><td>${escapeHtml(value)}</td></tr>`).join("")}</table>`,
      `<p><a href="${escapeHtml(alertsUrl)}">Open your alerts</a></p>`,
      `<p style="color:#666">${footer}</p>`,
    ].join("\n"),
  };
}

/** Sends the email of one event through the binding; a rejected send throws. */
export async function sendAlertEmail(env: Bindings, config: AlertEmailConfig, event: AlertEventMessage, to: string): Promise<void> {
  await bindingEmailSender(config.binding).send(alertEmail(event, to, config.from, alertsPageUrl(env)));
}

import { escapeHtml } from "../shared/html";
import type { EmailSender } from "../upstreams/email/sender";
import { type AlertEventMessage, conditionName } from "./alert-event";
import { digestHeadline } from "./webhook-payload";

const FOOTER = "You get this email because email is on for these alerts. Change their channels on your alerts page.";

/** The facts of one firing, as term/value pairs. */
function factsOf(event: AlertEventMessage): [string, string][] {
  return [
    ["ASIN", event.asin],
    ["Marketplace", event.marketplace],
    ["Condition", conditionName(event.conditionType) + (event.threshold === null ? "" : ` (threshold ${event.threshold})`)],
    ["Day", `${event.day} (UTC)`],
  ];
}

/**
 * The one email of a run for an account: every alert that fired. A single alert reads as
 * before (its own subject); several are listed one after another under one subject.
 */
function alertDigestEmail(events: readonly AlertEventMessage[], to: string, from: string, alertsUrl: string, unsubscribe?: string): EmailMessageBuilder {
  if (events.length === 1) return alertEmail(events[0]!, to, from, alertsUrl, unsubscribe);
  const headline = digestHeadline(events);
  const table = (event: AlertEventMessage) =>
    `<table>${factsOf(event).map(([term, value]) => `<tr><th align="left">${term}</th><td>${escapeHtml(value)}</td></tr>`).join("")}</table>`;
  return withUnsubscribe(
    {
      from: { name: "RankLayer alerts", email: from },
      to,
      subject: headline,
      text: [
        `${headline}:`,
        ...events.flatMap((event) => ["", event.message, ...factsOf(event).map(([term, value]) => `${term}: ${value}`)]),
        "",
        `Your alerts: ${alertsUrl}`,
        "",
        FOOTER,
      ].join("\n"),
      html: [
        `<p>${escapeHtml(headline)}:</p>`,
        ...events.map((event) => `<h2>${escapeHtml(event.message)}</h2>\n${table(event)}`),
        `<p><a href="${escapeHtml(alertsUrl)}">Open your alerts</a></p>`,
        `<p style="color:#666">${FOOTER}</p>`,
      ].join("\n"),
    },
    unsubscribe,
  );
}

/** One alert firing as an email: the same facts in plain text and in simple HTML. */
export function alertEmail(event: AlertEventMessage, to: string, from: string, alertsUrl: string, unsubscribe?: string): EmailMessageBuilder {
  const facts = factsOf(event);
  const footer = "You get this email because email is on for this alert. Change its channels on your alerts page.";
  return withUnsubscribe(
    {
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
    },
    unsubscribe,
  );
}

/**
 * The email with its unsubscribe link, when given: in its text and HTML, and as a one-click
 * List-Unsubscribe (RFC 8058) that mail clients show beside the sender, as the reports have.
 */
function withUnsubscribe(email: EmailMessageBuilder, unsubscribe: string | undefined): EmailMessageBuilder {
  if (!unsubscribe) return email;
  const line = `Stop alert emails: ${unsubscribe}`;
  return {
    ...email,
    text: `${email.text}\n${line}`,
    html: `${email.html}\n<p style="color:#666"><a href="${escapeHtml(unsubscribe)}">Stop alert emails</a></p>`,
    headers: oneClickUnsubscribe(unsubscribe),
  };
}

/** One-click unsubscribe (RFC 8058): the mail client POSTs to the link; opening it only asks. */
export function oneClickUnsubscribe(url: string): Record<string, string> {
  return { "List-Unsubscribe": `<${url}>`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" };
}

/** Sends the one email of these events through the binding; a rejected send throws. */
export async function sendAlertEmail(
  sender: EmailSender,
  from: string,
  alertsUrl: string,
  events: readonly AlertEventMessage[],
  to: string,
  unsubscribe?: string,
): Promise<void> {
  await sender.send(alertDigestEmail(events, to, from, alertsUrl, unsubscribe));
}

import { headerText } from "../shared/header-text";
import { escapeHtml } from "../shared/html";

/** A confirmation link works this long: the same week as an invitation. */
export const CONFIRM_LINK_DAYS = 7;

/** The email asking an address to confirm it wants the workspace's weekly report. */
export function recipientConfirmEmail(input: { to: string; from: string; workspaceName: string; confirmUrl: string }): EmailMessageBuilder {
  const who = input.workspaceName;
  const lines = [
    `${who} would like to send you its weekly Amazon rank report, prepared with RankLayer.`,
    `Confirm this address to receive it (the link works for ${CONFIRM_LINK_DAYS} days): ${input.confirmUrl}`,
    "If you did not expect this, ignore this email: nothing is sent to an address that is not confirmed.",
  ];
  return {
    from: { name: "RankLayer reports", email: input.from },
    to: input.to,
    // The display name is checked when saved; the header is built defensively all the same.
    subject: `Confirm: weekly report from ${headerText(who)}`,
    text: lines.join("\n\n"),
    html: [
      `<p>${escapeHtml(lines[0]!)}</p>`,
      `<p><a href="${escapeHtml(input.confirmUrl)}">Confirm this address</a> (the link works for ${CONFIRM_LINK_DAYS} days).</p>`,
      `<p style="color:#666">${escapeHtml(lines[2]!)}</p>`,
    ].join("\n"),
  };
}

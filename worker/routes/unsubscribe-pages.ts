import { escapeHtml } from "../shared/html";

const pageOf = (title: string, body: string) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>${escapeHtml(title)} · RankLayer</title></head><body><main>${body}</main></body></html>`;

/**
 * What an unsubscribe link opens: a question and a button that posts back to the same address
 * (`search`: the link's signed query). A GET changes nothing, so a mail scanner that opens links
 * unsubscribes no one.
 */
export function confirmUnsubscribePage(question: string, detail: string, search: string): string {
  return pageOf(
    question,
    `<h1>${escapeHtml(question)}</h1><p>${escapeHtml(detail)}</p><form method="post" action="${escapeHtml(search)}"><button type="submit">Unsubscribe</button></form>`,
  );
}

export function unsubscribedPage(heading: string, text: string): string {
  return pageOf(heading, `<h1>${escapeHtml(heading)}</h1><p>${escapeHtml(text)}</p><p><a href="/settings">Your settings</a></p>`);
}

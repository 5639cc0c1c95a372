import type { WebhookPost, WebhookPostResult, WebhookSender } from "./sender";

/**
 * A WebhookSender that sends nothing: it keeps every post and answers with the next
 * scripted result (ok by default), for tests that need no HTTP receiver.
 */
export class RecordingWebhookSender implements WebhookSender {
  readonly posts: WebhookPost[] = [];
  private readonly answers: WebhookPostResult[];

  constructor(answers: WebhookPostResult[] = []) {
    this.answers = [...answers];
  }

  async post(post: WebhookPost): Promise<WebhookPostResult> {
    this.posts.push(post);
    return this.answers.shift() ?? { ok: true, status: 200 };
  }
}

// Stands in for e-mail delivery: each message is printed as one console line and kept for /dev/outbox.
import { randomUUID } from 'node:crypto';

const KEPT_MESSAGES = 100;

export interface OutboxMessage {
  id: string;
  to: string;
  subject: string;
  link: string;
  sentAt: string;
}

export class Outbox {
  private readonly messages: OutboxMessage[] = [];

  constructor(private readonly printLine: (line: string) => void) {}

  sendMagicLink(to: string, link: string, now: Date): void {
    this.messages.unshift({ id: randomUUID(), to, subject: 'Your sign-in link', link, sentAt: now.toISOString() });
    this.messages.length = Math.min(this.messages.length, KEPT_MESSAGES);
    this.printLine(`MAGIC LINK for ${to}: ${link}`);
  }

  /** Newest first, optionally only those sent to one address (case-insensitive). */
  list(to: string | undefined): OutboxMessage[] {
    if (to === undefined) return [...this.messages];
    const wanted = to.trim().toLowerCase();
    return this.messages.filter((message) => message.to.toLowerCase() === wanted);
  }
}

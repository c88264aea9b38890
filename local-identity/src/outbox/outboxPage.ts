import { escapeHtml } from '../html/escapeHtml.ts';
import { htmlPage } from '../html/htmlPage.ts';
import type { OutboxMessage } from './outbox.ts';

export function renderOutboxPage(messages: readonly OutboxMessage[]): string {
  const items = messages
    .map(
      (message) => `<li>
  <div><strong>${escapeHtml(message.to)}</strong> — ${escapeHtml(message.subject)}</div>
  <div class="muted">${escapeHtml(message.sentAt)}</div>
  <a href="${escapeHtml(message.link)}">${escapeHtml(message.link)}</a>
</li>`,
    )
    .join('\n');
  const body = messages.length === 0 ? '<p>No messages yet. Ask for a sign-in link first.</p>' : `<ol>\n${items}\n</ol>`;
  return htmlPage(
    'Local outbox',
    `<h1>Local outbox</h1>
<p class="muted">Magic links "sent" by local-identity, newest first. Also as JSON: <code>?format=json</code>.</p>
${body}`,
  );
}

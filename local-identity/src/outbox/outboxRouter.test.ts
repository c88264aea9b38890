import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { requestMagicLink } from '../testing/identityTestClient.ts';
import { startTestIdentity, type TestIdentity } from '../testing/startTestIdentity.ts';
import { renderOutboxPage } from './outboxPage.ts';

let identity: TestIdentity;
beforeEach(async () => {
  identity = await startTestIdentity();
});
afterEach(() => identity.close());

interface OutboxJson {
  messages: { id: string; to: string; subject: string; link: string; sentAt: string }[];
}

describe('GET /dev/outbox', () => {
  it('lists messages newest first as JSON and filters by recipient', async () => {
    await requestMagicLink(identity, 'first@example.com');
    await requestMagicLink(identity, 'second@example.com');
    await requestMagicLink(identity, 'first@example.com');

    const all = (await (await fetch(`${identity.baseUrl}/dev/outbox?format=json`)).json()) as OutboxJson;
    expect(all.messages.map((message) => message.to)).toEqual(['first@example.com', 'second@example.com', 'first@example.com']);
    expect(Object.keys(all.messages[0]!).sort()).toEqual(['id', 'link', 'sentAt', 'subject', 'to']);

    const filtered = (await (
      await fetch(`${identity.baseUrl}/dev/outbox?to=FIRST@example.com`, { headers: { accept: 'application/json' } })
    ).json()) as OutboxJson;
    expect(filtered.messages).toHaveLength(2);
    expect(filtered.messages[0]!.link).toBe(all.messages[0]!.link);
  });

  it('serves a readable HTML page with clickable links to browsers', async () => {
    await requestMagicLink(identity, 'browser@example.com');
    const response = await fetch(`${identity.baseUrl}/dev/outbox`, { headers: { accept: 'text/html,application/xhtml+xml,*/*;q=0.8' } });
    expect(response.headers.get('content-type')).toMatch(/^text\/html/);
    const html = await response.text();
    expect(html).toContain('browser@example.com');
    expect(html).toMatch(/<a href="http:\/\/127\.0\.0\.1:3000\/authenticate\?stytch_token_type=magic_links&amp;token=[\w-]+">/);
  });
});

describe('renderOutboxPage', () => {
  it('escapes every field it shows', () => {
    const html = renderOutboxPage([
      {
        id: '1',
        to: '<img src=x onerror=alert(1)>@example.com',
        subject: 'Hi & <b>bye</b>',
        link: 'http://127.0.0.1:3000/cb?a="><script>alert(1)</script>',
        sentAt: '2026-01-01T00:00:00.000Z',
      },
    ]);
    expect(html).not.toContain('<img');
    expect(html).not.toContain('<script>');
    expect(html).not.toContain('<b>bye');
    expect(html).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(html).toContain('Hi &amp; &lt;b&gt;bye&lt;/b&gt;');
    expect(html).toContain('href="http://127.0.0.1:3000/cb?a=&quot;&gt;&lt;script&gt;');
  });
});

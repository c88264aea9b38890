// Headless Chromium for the checks that drive the product as a user does (Debian's /usr/bin/chromium,
// or CHROMIUM_PATH), and the sign-in every such journey starts with.
import { chromium, type Browser, type Page } from 'playwright-core';

const BROWSER_ARGS = ['--no-sandbox', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--use-angle=swiftshader', '--enable-unsafe-swiftshader'];

export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: BROWSER_ARGS });
}

const MAGIC_LINK_WAIT_MS = 30_000;

/**
 * Signs a new user in through the login card at `appOrigin` and local-identity's outbox at
 * `identityOrigin`, as the e2e suite does; resolves on the map screen. Returns the user's e-mail.
 */
export async function signInThroughOutbox(page: Page, appOrigin: string, identityOrigin: string, emailPrefix: string): Promise<string> {
  const email = `${emailPrefix}-${Date.now()}@example.com`;
  const sentAfter = Date.now() - 1000;
  await page.goto(`${appOrigin}/login`);
  await page.getByLabel('E-mail').fill(email);
  await page.getByRole('button', { name: 'Get Link' }).click();
  await page.getByText('Email sent! Check your inbox to log in.').waitFor();
  let link: string | undefined;
  const deadline = Date.now() + MAGIC_LINK_WAIT_MS;
  while (!link && Date.now() < deadline) {
    const outbox = (await (await fetch(`${identityOrigin}/dev/outbox?format=json&to=${encodeURIComponent(email)}`)).json()) as {
      messages: { link: string; sentAt: string }[];
    };
    link = outbox.messages.find((message) => Date.parse(message.sentAt) >= sentAfter)?.link;
    if (!link) await new Promise((resolve) => setTimeout(resolve, 250));
  }
  if (!link) throw new Error(`no magic link for ${email} in the outbox`);
  await page.goto(link);
  await page.waitForURL(`${appOrigin}/`);
  return email;
}

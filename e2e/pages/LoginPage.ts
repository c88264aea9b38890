import type { Page } from '@playwright/test';
import { expect } from '../fixtures/test.ts';
import { latestMagicLink } from '../fixtures/outbox.ts';

const SENT_MESSAGE = 'Email sent! Check your inbox to log in.';
const ERROR_MESSAGE = 'Something went wrong. Try again.';

export class LoginPage {
  constructor(private readonly page: Page) {}

  readonly card = () => this.page.getByRole('region', { name: 'Sign in' });
  readonly email = () => this.page.getByLabel('E-mail');
  readonly getLink = () => this.page.getByRole('button', { name: 'Get Link' });
  readonly workplaceSignIn = () => this.page.getByRole('button', { name: 'Sign in with your workplace account' });
  readonly sentMessage = () => this.page.getByText(SENT_MESSAGE);
  readonly errorMessage = () => this.page.getByText(ERROR_MESSAGE);

  async goto() {
    await this.page.goto('/login');
    await expect(this.getLink()).toBeVisible();
  }

  /** Asks for a link and returns it from the outbox, as a person would read it from their inbox. */
  async requestMagicLink(email: string): Promise<string> {
    const requestedAt = new Date(Date.now() - 1000);
    await this.email().fill(email);
    await this.getLink().click();
    await expect(this.sentMessage()).toBeVisible();
    return latestMagicLink(this.page.request, email, requestedAt);
  }

  /** Full magic-link sign-in: request a link, open it from the outbox, land on the map. */
  async signInWithMagicLink(email: string) {
    await this.goto();
    const link = await this.requestMagicLink(email);
    await this.page.goto(link);
    await expect(this.page).toHaveURL(/\/$/);
  }

  /** Workplace sign-in through local-identity's consent page. */
  async signInWithWorkplaceAccount(email: string) {
    await this.workplaceSignIn().click();
    await expect(this.page.getByRole('heading', { name: /^Sign in with / })).toBeVisible();
    await this.page.getByLabel('Work e-mail').fill(email);
    await this.page.getByRole('button', { name: 'Continue' }).click();
    await expect(this.page).toHaveURL(/\/$/);
  }
}

/** Every key the product or the SDK keeps a session under, read from the page. */
export async function storedLoginState(page: Page) {
  const storage = await page.evaluate(() => ({
    session_jwt: localStorage.getItem('session_jwt'),
    is_logged_in: localStorage.getItem('is_logged_in'),
    user_email: localStorage.getItem('user_email'),
  }));
  const cookies = (await page.context().cookies()).map((cookie) => cookie.name).filter((name) => name.startsWith('stytch_'));
  return { ...storage, cookies };
}

/** Signed in: the app shell with the map screen's menu is up (the map itself may still be drawing). */
export async function expectAppShell(page: Page) {
  await expect(page).toHaveURL(/\/$/);
  // A cold load fetches the map remote and mapbox-gl; on a busy CI machine that can pass 15 s.
  await expect(page.getByRole('button', { name: 'Open menu' })).toBeVisible({ timeout: 30_000 });
}

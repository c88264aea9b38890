import { expect, type Page } from '@playwright/test';
import { latestMagicLink } from '../fixtures/outbox.ts';

export class LoginPage {
  constructor(private readonly page: Page) {}

  readonly email = () => this.page.getByLabel('E-mail');
  readonly getLink = () => this.page.getByRole('button', { name: 'Get Link' });

  async goto() {
    await this.page.goto('/login');
    await expect(this.getLink()).toBeVisible();
  }

  /** Full magic-link sign-in: request a link, open it from the outbox, land on the map. */
  async signInWithMagicLink(email: string) {
    await this.goto();
    const requestedAt = new Date(Date.now() - 1000);
    await this.email().fill(email);
    await this.getLink().click();
    await expect(this.page.getByText('Email sent! Check your inbox to log in.')).toBeVisible();
    const link = await latestMagicLink(this.page.request, email, requestedAt);
    await this.page.goto(link);
    await expect(this.page).toHaveURL(/\/$/);
  }
}

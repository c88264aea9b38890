import path from 'node:path';
import { test as setup } from '../fixtures/test.ts';
import { LoginPage } from '../pages/LoginPage.ts';
import { uniqueEmail } from '../fixtures/outbox.ts';

setup('signs in once with a magic link and keeps the session for the other tests', async ({ page }) => {
  await new LoginPage(page).signInWithMagicLink(uniqueEmail('e2e'));
  await page.context().storageState({ path: path.join(import.meta.dirname, '../.auth/user.json') });
});

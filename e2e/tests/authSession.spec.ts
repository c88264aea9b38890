// Session life end to end: the SDK's own refresh under a controlled clock, logout, and cross-tab.
import type { Page } from '@playwright/test';
import { expect, test } from '../fixtures/test.ts';
import { setSessionsAuthenticateFault, uniqueEmail } from '../fixtures/outbox.ts';
import { failedResponse } from '../fixtures/pageErrors.ts';
import { expectAppShell, LoginPage, storedLoginState } from '../pages/LoginPage.ts';
import { MapPage } from '../pages/MapPage.ts';

test.use({ storageState: { cookies: [], origins: [] } });

const signedOut = { session_jwt: null, is_logged_in: null, user_email: null, cookies: [] };
const REFRESH_INTERVAL = '03:00';

async function signIn(page: Page, prefix: string) {
  const email = uniqueEmail(prefix);
  await new LoginPage(page).signInWithMagicLink(email);
  await expectAppShell(page);
  return email;
}

test("the SDK refreshes every 3 minutes, retries 503s with backoff and signs out on session_not_found", async ({ page, pageErrors }) => {
  const refused = /\/sdk\/v1\/sessions\/authenticate$/;
  pageErrors.expect(
    failedResponse(503, refused, 'the test makes local-identity answer the refresh with 503'),
    failedResponse(404, refused, 'the test makes local-identity answer the refresh with session_not_found'),
  );
  await page.clock.install();
  const email = await signIn(page, 'refresh');
  const refreshes: number[] = [];
  page.on('response', (response) => {
    if (response.url().endsWith('/sdk/v1/sessions/authenticate')) refreshes.push(response.status());
  });

  const refreshBodies: unknown[] = [];
  page.on('request', (request) => {
    if (request.url().endsWith('/sdk/v1/sessions/authenticate') && request.method() === 'POST') refreshBodies.push(request.postDataJSON());
  });

  // A healthy refresh at 3:00, extending the session by the sign-in's 7 days.
  await page.clock.fastForward(REFRESH_INTERVAL);
  await expect.poll(() => refreshes).toEqual([200]);
  expect(refreshBodies).toEqual([{ session_duration_minutes: 10080 }]);

  // The service is down at the next refresh: the SDK keeps the session and retries (≈4 s, then ≈8 s).
  await setSessionsAuthenticateFault(page.request, email, 'unavailable');
  await page.clock.fastForward(REFRESH_INTERVAL);
  await expect.poll(() => refreshes).toEqual([200, 503]);
  await page.clock.fastForward('00:05');
  await expect.poll(() => refreshes).toEqual([200, 503, 503]);
  await expect(page).toHaveURL(/\/$/);
  expect((await storedLoginState(page)).is_logged_in).toBe('true');

  // The session is gone on the server: the next retry is unrecoverable and the user lands on /login.
  await setSessionsAuthenticateFault(page.request, email, 'session_not_found');
  await page.clock.fastForward('00:09');
  await expect.poll(() => refreshes).toEqual([200, 503, 503, 404]);
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('button', { name: 'Get Link' })).toBeVisible();
  expect((await storedLoginState(page)).cookies).toEqual([]);
});

test('logout from the menu revokes the session, clears every key and goes to /login', async ({ page }) => {
  const email = await signIn(page, 'logout');
  const sessionCookie = (await page.context().cookies()).find((cookie) => cookie.name === 'stytch_session')!.value;
  await new MapPage(page).openMenu();
  const logout = page.getByRole('button', { name: /Logout/ });
  await expect(logout).toContainText(email);
  await logout.click();

  await expect(page).toHaveURL(/\/login$/);
  expect(await storedLoginState(page)).toEqual(signedOut);
  const sdkState = await page.evaluate(() => localStorage.getItem('stytch_sdk_state_public-token-test-local'));
  expect(sdkState === null || sdkState === 'null').toBe(true);
  // Revoked on the server: the old session token no longer authenticates.
  const identity = new URL((await page.evaluate(() => fetch('/config.json').then((r) => r.json()))).identity.localApiUrl as string);
  const refresh = await page.request.post(`${identity.origin}/sdk/v1/sessions/authenticate`, {
    headers: { authorization: `Basic ${Buffer.from(`public-token-test-local:${sessionCookie}`).toString('base64')}` },
    data: {},
  });
  expect((await refresh.json()).error_type).toBe('session_not_found');
  await page.reload();
  await expect(page).toHaveURL(/\/login$/);
});

test('removing session_jwt in another tab reloads this one; logging out in another tab signs this one out', async ({ context }) => {
  test.slow(); // two map screens render at once
  const first = await context.newPage();
  await signIn(first, 'tabs');
  const second = await context.newPage();
  await second.goto('/');
  await expectAppShell(second);

  // Another tab removes the stored JWT: this tab reloads (a marker set on window disappears).
  await first.evaluate(() => Object.assign(window, { beforeReload: true }));
  const reloaded = first.waitForEvent('load');
  await second.evaluate(() => localStorage.removeItem('session_jwt'));
  await reloaded;
  expect(await first.evaluate(() => 'beforeReload' in window)).toBe(false);
  await expectAppShell(first);

  // Logout in the second tab: the first reloads and, without a session, lands on /login.
  await new MapPage(second).openMenu();
  await second.getByRole('button', { name: /Logout/ }).click();
  await expect(second).toHaveURL(/\/login$/);
  await expect(first).toHaveURL(/\/login$/);
  await expect(first.getByRole('button', { name: 'Get Link' })).toBeVisible();
});

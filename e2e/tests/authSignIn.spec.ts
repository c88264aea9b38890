// Sign-in end to end: the login card, magic links and workplace OAuth through local-identity's
// consent page, and failed links landing on /login with the login keys cleared.
import { expect, test } from '../fixtures/test.ts';
import { originOf, PORTS } from '../../scripts/ports.mjs';
import { latestMagicLink, uniqueEmail } from '../fixtures/outbox.ts';
import { failedResponse, type ExpectedPageError } from '../fixtures/pageErrors.ts';
import { expectAppShell, LoginPage, storedLoginState } from '../pages/LoginPage.ts';
import { screenshot } from '../fixtures/screenshots.ts';

test.use({ storageState: { cookies: [], origins: [] } });

const signedOut = { session_jwt: null, is_logged_in: null, user_email: null, cookies: [] };

/** local-identity refuses a magic link with `status` and `errorType`; /authenticate logs it on the way to /login. */
function linkRefused(status: number, errorType: string, why: string): ExpectedPageError[] {
  return [
    failedResponse(status, /\/sdk\/v1\/magic_links\/authenticate$/, why),
    { text: new RegExp(`^Authentication failed StytchAPIError: \\[${status}\\] ${errorType}`), why },
  ];
}

test('the login card loads without any map code and goes through its sent and error states', async ({ page, pageErrors }) => {
  const requested: string[] = [];
  page.on('request', (request) => requested.push(request.url()));
  const login = new LoginPage(page);
  await login.goto();
  await expect(login.card()).toBeVisible();
  const cardBox = await login.card().boundingBox();
  expect(cardBox!.width).toBeLessThanOrEqual(448); // extra-small max width
  expect(requested.filter((url) => url.startsWith(originOf(PORTS.remote_map)) || /mapbox/i.test(url))).toEqual([]);
  // Offline, the faded background is a still picture of the self-hosted base map, and it really loads.
  const still = page.locator('.login-screen__background--still');
  await expect(still).toHaveCSS('background-image', /\.webp/);
  const picture = await still.evaluate(async (element) => {
    const url = /url\("(.+)"\)/.exec(getComputedStyle(element).backgroundImage)![1]!;
    const image = new Image();
    image.src = url;
    await image.decode();
    return { width: image.naturalWidth, height: image.naturalHeight };
  });
  expect(picture.width).toBeGreaterThanOrEqual(1280);

  // local-identity answers the SDK's bootstrap and telemetry, so the SDK has nothing to complain
  // about in the console (the suite's page-error fixture checks).
  await expect.poll(() => requested.some((url) => url.includes('/sdk/v1/events'))).toBe(true);

  const email = uniqueEmail('card');
  await login.email().fill(email);
  await login.getLink().click();
  await expect(login.sentMessage()).toBeVisible();
  await expect(login.sentMessage()).toHaveCSS('color', 'rgb(30, 123, 52)');
  expect(await page.evaluate(() => localStorage.getItem('user_email'))).toBe(email);
  await screenshot(page, 'login-sent');

  // local-identity allows five links per address per minute; the sixth is refused.
  const why = 'local-identity refuses the sixth link in a minute; the card logs the refusal it shows';
  pageErrors.expect(
    failedResponse(429, /\/sdk\/v1\/magic_links\/email\/login_or_create$/, why),
    { text: /^Magic link send failed StytchAPIError: \[429\] too_many_requests/, why },
  );
  for (let sent = 1; sent < 5; sent += 1) {
    await login.getLink().click();
    await expect(login.getLink()).toBeEnabled();
  }
  await login.getLink().click();
  await expect(login.errorMessage()).toBeVisible();
  await expect(login.errorMessage()).toHaveCSS('color', 'rgb(180, 35, 24)');
  await expect(login.sentMessage()).toBeHidden();
  await screenshot(page, 'login-error');
});

test('a magic link signs in, showing the authenticate spinner on the way', async ({ page }) => {
  const login = new LoginPage(page);
  await login.goto();
  const email = uniqueEmail('magic');
  const link = await login.requestMagicLink(email);

  // Hold the authenticate call so the spinner can be looked at.
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/sdk/v1/magic_links/authenticate', async (route) => {
    await held;
    await route.continue();
  });
  await page.goto(link);
  await expect(page.getByRole('status')).toContainText('Authenticating...');
  await expect(page.getByRole('status')).toContainText('Verifying your login credentials.');
  await screenshot(page, 'authenticate-spinner');
  release();

  await expect(page).toHaveURL(/\/$/);
  await expectAppShell(page);
  const stored = await storedLoginState(page);
  expect(stored.session_jwt).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
  expect(stored.is_logged_in).toBe('true');
  expect(stored.user_email).toBe(email);
  expect(stored.cookies.sort()).toEqual(['stytch_session', 'stytch_session_jwt']);
  // Back navigation does not return to the spent link: /authenticate replaced itself in history.
  await page.goto('/login');
  await expect(page).toHaveURL(/\/$/);
});

test('workplace sign-in goes through the consent page with PKCE and lands on the map', async ({ page }) => {
  const login = new LoginPage(page);
  await login.goto();
  const startRequest = page.waitForRequest(/\/v1\/public\/oauth\/microsoft\/start/);
  await login.workplaceSignIn().click();
  const start = new URL((await startRequest).url());
  expect(start.searchParams.get('code_challenge')).toMatch(/^[\w-]{43}$/);
  expect(start.searchParams.get('login_redirect_url')).toBe(`${originOf(PORTS.host)}/authenticate`);
  expect(start.searchParams.get('signup_redirect_url')).toBe(`${originOf(PORTS.host)}/authenticate`);
  await expect(page.getByRole('heading', { name: /^Sign in with / })).toBeVisible();
  await screenshot(page, 'oauth-consent');

  await page.getByLabel('Work e-mail').fill(uniqueEmail('workplace'));
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expectAppShell(page);
  expect((await storedLoginState(page)).is_logged_in).toBe('true');
});

test('an unknown link lands on /login with the login keys cleared', async ({ page, pageErrors }) => {
  pageErrors.expect(...linkRefused(401, 'unable_to_auth_magic_link', 'the link was never issued'));
  await page.goto('/login');
  await page.evaluate(() => {
    localStorage.setItem('session_jwt', 'stale.jwt.value');
    localStorage.setItem('is_logged_in', 'true');
    localStorage.setItem('user_email', 'stale@example.com');
  });
  await page.goto('/authenticate?stytch_token_type=magic_links&token=never-issued');
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('button', { name: 'Get Link' })).toBeVisible();
  expect(await storedLoginState(page)).toEqual(signedOut);
});

test('a link opened in another browser (no PKCE verifier) and a link used twice both land on /login', async ({ page, pageErrors, browser }) => {
  pageErrors.expect(
    ...linkRefused(400, 'pkce_mismatch', 'the other browser has no PKCE verifier for the link'),
    ...linkRefused(401, 'unable_to_auth_magic_link', 'the link is used a second time'),
  );
  const login = new LoginPage(page);
  await login.goto();
  const email = uniqueEmail('pkce');
  const requestedAt = new Date(Date.now() - 1000);
  await login.email().fill(email);
  await login.getLink().click();
  await expect(login.sentMessage()).toBeVisible();
  const link = await latestMagicLink(page.request, email, requestedAt);

  const otherBrowser = await browser.newContext({ storageState: { cookies: [], origins: [] } });
  const elsewhere = await otherBrowser.newPage();
  await elsewhere.goto(link);
  await expect(elsewhere).toHaveURL(/\/login$/);
  expect(await storedLoginState(elsewhere)).toEqual(signedOut);
  await otherBrowser.close();

  // The PKCE refusal did not spend the link: the browser that asked for it signs in, once.
  await page.goto(link);
  await expect(page).toHaveURL(/\/$/);
  const again = await browser.newContext({ storageState: { cookies: [], origins: [] } });
  const secondUse = await again.newPage();
  await secondUse.goto(link);
  await expect(secondUse).toHaveURL(/\/login$/);
  await again.close();
});

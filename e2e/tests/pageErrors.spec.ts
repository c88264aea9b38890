// The suite's page-error check (e2e/fixtures/pageErrors.ts): what it sees, and that an error nobody
// expected fails the test, in the test's own context and in one the test opens itself.
import { PageErrorWatch } from '../fixtures/pageErrors.ts';
import { expect, test } from '../fixtures/test.ts';

const provoked = (what: string) => `${what} provoked by pageErrors.spec`;

test('sees uncaught errors, rejections and console errors of every page of a context, popups included', async ({ context, page, pageErrors }) => {
  pageErrors.expect({ text: /provoked by pageErrors\.spec/, why: 'this test throws and logs on purpose' });
  const watch = new PageErrorWatch();
  watch.watch(context);
  await page.setContent(`<script>
    console.error(${JSON.stringify(provoked('a console error'))});
    setTimeout(() => { throw new TypeError(${JSON.stringify(provoked('an uncaught error'))}); });
  </script>`);
  const popup = page.waitForEvent('popup');
  await page.evaluate(() => void window.open('about:blank'));
  await (await popup).evaluate((message) => void Promise.reject(new Error(message)), provoked('a rejection in a popup'));

  await expect.poll(() => watch.unexpected().length).toBe(3);
  expect(watch.unexpected()).toEqual(
    expect.arrayContaining([
      `console.error at about:blank: ${provoked('a console error')}`,
      expect.stringMatching(new RegExp(`^uncaught at about:blank: TypeError: ${provoked('an uncaught error')}\n`)),
      expect.stringMatching(new RegExp(`^uncaught at about:blank: Error: ${provoked('a rejection in a popup')}\n`)),
    ]),
  );
  watch.expect({ text: /provoked/, url: /^https:/, why: 'only errors from elsewhere' });
  expect(watch.unexpected()).toHaveLength(3);
  watch.expect({ text: /^a console error/, why: 'this one only' });
  expect(watch.unexpected()).toHaveLength(2);
});

test('fails a test whose page throws an error nobody expected', async ({ page }) => {
  test.fail(true, 'the page-error fixture fails this test at its end');
  const thrown = page.waitForEvent('pageerror');
  await page.setContent(`<script>setTimeout(() => { throw new Error(${JSON.stringify(provoked('an unexpected error'))}); });</script>`);
  await thrown;
});

test('fails a test on a console error in a context the test opened itself', async ({ browser }) => {
  test.fail(true, 'the page-error fixture fails this test at its end');
  const context = await browser.newContext();
  const page = await context.newPage();
  const logged = page.waitForEvent('console');
  await page.evaluate((message) => console.error(message), provoked('an unexpected console error'));
  await logged;
  await context.close();
});

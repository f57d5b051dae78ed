/**
 * The site of issue 5 (spec 1 sections 2.3-2.4, spec 3 sections 2, 5, 7): the landing with its banner, ticker and
 * carousels, the server-driven navigation (nested dropdowns by mouse and keyboard, the tag, the modal item), the
 * area-of-interest modal and the contact form with the real ALTCHA widget, whose message reaches the firm's
 * mailbox on the harness's SMTP server, and a bot's post without a solved captcha.
 */
import type { Locator, Page } from '@playwright/test';
import { landingConstants, messages, messagesSite, storageKeys } from '@portal/contract';
import { csrfToken } from './support/api.ts';
import { expect, expectAccessible, header, test, waitForSettled } from './support/fixtures.ts';
import { waitForMail } from './support/mailbox.ts';

// The server's default FIRM_EMAIL: the harness does not set one.
const firmEmail = 'clientservices@harbourline.example';

const nav = (page: Page) => header(page).getByRole('navigation', { name: 'Main' });
const carousel = (page: Page, name: string) => page.getByRole('region', { name, exact: true });
const slides = (region: Locator) => region.getByRole('group', { name: /^\d+ of \d+$/ });
const storedTag = (page: Page) =>
  page.evaluate((key) => window.sessionStorage.getItem(key), storageKeys.tagsInput);

test.describe('landing', () => {
  test('paints the first banner picture from the page as sent, before any script runs, and keeps it through the loader', async ({
    browser,
  }) => {
    // Without scripts: only what the server sent, the splash with the picture where the banner will be.
    const still = await browser.newContext({ javaScriptEnabled: false });
    const bare = await still.newPage();
    await bare.goto('/');
    const hero = bare.locator('.portal-splash .portal-hero img');
    await expect(hero).toHaveAttribute('src', '/api/media/sliders/1.webp');
    await expect(hero).toHaveAttribute('fetchpriority', 'high');
    await expect.poll(() => hero.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
    const splashTop = (await hero.boundingBox())?.y;
    await still.close();

    // With scripts: the landing's loader shows the same picture at the same place, then the banner does.
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto('/');
    // Checked on every frame while the loader is there: a retried assertion could first pass near the end of the
    // loader's second and find it gone at the next read (seen once in CI under load).
    await page.waitForFunction(
      (top) => {
        const img = document.querySelector<HTMLImageElement>('[data-loader="landing"] .portal-hero img');
        return (
          img?.getAttribute('src') === '/api/media/sliders/1.webp' &&
          Math.abs(img.getBoundingClientRect().top - top) <= 1
        );
      },
      splashTop!,
      { polling: 'raf' },
    );
    await expect(page.locator('[data-loader="landing"]')).toHaveCount(0);
    const bannerImage = carousel(page, 'Highlights').locator('img').first();
    await expect(bannerImage).toHaveAttribute('src', '/api/media/sliders/1.webp');
    expect(Math.abs((await bannerImage.boundingBox())!.y - splashTop!)).toBeLessThanOrEqual(1);
    await context.close();
  });

  test('shows the loader for at least a second, then banner, ticker, taglines, both carousels and the hidden vision', async ({
    page,
  }) => {
    // A long page with moving parts: the final accessibility scan alone takes several seconds.
    test.slow();
    // Records, in the page, when the landing's loader appears (and whether it is drawn) and when it goes: a
    // poll from the test could fall between two looks at a busy machine.
    await page.addInitScript(() => {
      const times = { shown: 0, hidden: 0, drawn: false, text: '' };
      (window as unknown as { __loader: typeof times }).__loader = times;
      new MutationObserver(() => {
        const loader = document.querySelector('[data-loader="landing"]');
        if (loader && !times.shown) {
          times.shown = performance.now();
          const box = loader.getBoundingClientRect();
          times.drawn = box.width > 0 && box.height > 0;
          times.text = loader.textContent ?? '';
        }
        if (!loader && times.shown && !times.hidden) times.hidden = performance.now();
      }).observe(document, { childList: true, subtree: true });
    });
    await page.goto('/');
    await waitForSettled(page);
    type LoaderTimes = { shown: number; hidden: number; drawn: boolean; text: string };
    const loaderTimes = () => page.evaluate(() => (window as unknown as { __loader: LoaderTimes }).__loader);
    // Settled can come before the loader has gone (a CI run read it while shown): wait for its going.
    await expect.poll(async () => (await loaderTimes()).hidden).toBeGreaterThan(0);
    const loader = await loaderTimes();
    expect(loader.shown).toBeGreaterThan(0);
    expect(loader.drawn).toBe(true);
    expect(loader.text).toContain('Loading');
    expect(loader.hidden - loader.shown).toBeGreaterThanOrEqual(landingConstants.loaderMinMs - 20);
    await expect(page.locator('[data-loader="landing"]')).toHaveCount(0);

    const banner = carousel(page, 'Highlights');
    await expect(slides(banner)).toHaveCount(3);
    await expect(slides(banner).first().getByRole('heading', { level: 3 })).toHaveText(
      'Independent research on Asia',
    );
    // The ';' rule: '/people;/access' is an in-page link and a link opened in a new window.
    const third = slides(banner).nth(2);
    await expect(third.getByRole('link', { name: 'Learn more' })).toHaveAttribute('href', '/people');
    const newWindow = third.getByRole('link', { name: /opens in a new window/ });
    await expect(newWindow).toHaveAttribute('href', '/access');
    await expect(newWindow).toHaveAttribute('target', '_blank');
    // Previous wraps to the last slide; an indicator a slide, the current one selected.
    await banner.getByRole('button', { name: 'Previous slide' }).click();
    await expect(third.getByRole('heading')).toBeInViewport();
    const indicators = banner.getByRole('tab', { name: /^Go to slide \d$/ });
    await expect(indicators).toHaveCount(3);
    await expect(indicators.nth(2)).toHaveAttribute('aria-selected', 'true');
    await indicators.nth(1).click();
    await expect(slides(banner).nth(1).getByRole('heading')).toBeInViewport();
    await expect(indicators.nth(1)).toHaveAttribute('aria-selected', 'true');
    // The arrow keys move it too.
    await page.keyboard.press('ArrowRight');
    await expect(third.getByRole('heading')).toBeInViewport();

    const ticker = page.getByRole('region', { name: 'Latest research' });
    await expect(ticker.getByRole('link')).toHaveCount(landingConstants.latestCount);
    await expect(ticker.getByRole('link').first()).toHaveAttribute('href', /^\/reports\/\d+_/);

    await expect(page.getByRole('list', { name: 'What we do' }).getByRole('listitem')).toHaveText([
      ...messagesSite.taglines,
    ]);

    const research = carousel(page, 'Our Research');
    await expect(slides(research)).toHaveCount(landingConstants.latestCount);
    const people = carousel(page, 'Our People');
    expect(await slides(people).count()).toBeGreaterThan(0);
    await expect(slides(people).first().getByRole('link')).toHaveAttribute('href', /^\/analysts\/\d+_/);

    // The research carousel moves by itself (2500 ms); it holds still under the pointer, and its pause button
    // stops it.
    const firstLeft = () =>
      slides(research)
        .first()
        .evaluate((el) => Math.round(el.getBoundingClientRect().left));
    const start = await firstLeft();
    await expect.poll(firstLeft, { timeout: 8000 }).not.toBe(start);
    const stillFor = async (ms: number) => {
      const before = await firstLeft();
      await page.waitForTimeout(ms);
      expect(await firstLeft()).toBe(before);
    };
    await research.getByRole('heading', { name: 'Our Research' }).hover();
    // A move under way when the pointer came ends first (Embla eases the last pixel out over about twice its speed).
    await page.waitForTimeout(2 * landingConstants.researchSpeedMs + 300);
    await stillFor(landingConstants.researchAutoplayMs + landingConstants.researchSpeedMs + 300);
    await research.getByRole('button', { name: 'Pause' }).click();
    const play = research.getByRole('button', { name: 'Play' });
    await expect(play).toBeVisible();
    // Neither the pointer nor the focus holds it now: only the pause does.
    await play.evaluate((el) => el.blur());
    await page.mouse.move(0, 0);
    await stillFor(landingConstants.researchAutoplayMs + landingConstants.researchSpeedMs + 300);

    const vision = page.locator('[data-block="vision"]');
    await expect(vision).toBeAttached();
    await expect(vision).toBeHidden();
    await expect(vision).toContainText('Mission');
  });

  test.describe('signed in', () => {
    test.use({ account: 'client' });

    test('sends the reader from / to the signed-in home with the same sections', async ({ page }) => {
      await page.goto('/');
      await expect(page).toHaveURL(/\/home$/);
      await waitForSettled(page);
      await expect(page.getByRole('heading', { level: 1, name: /^Welcome back/ })).toBeVisible();
      await expect(slides(carousel(page, 'Highlights'))).toHaveCount(3);
      await expect(slides(carousel(page, 'Our Research'))).toHaveCount(landingConstants.latestCount);
      await expect(page.getByRole('heading', { name: 'Must Read' })).toBeVisible();
      // Waited for, not counted at once: the people's carousel draws after its own query (CI run 12 read 0).
      await expect(slides(carousel(page, 'Our People')).first()).toBeVisible();
    });
  });
});

test.describe('navigation', () => {
  test('opens nested dropdowns with the mouse', async ({ page }) => {
    await page.goto('/about');
    const research = nav(page).getByRole('button', { name: 'Research' });
    await research.click();
    await expect(research).toHaveAttribute('aria-expanded', 'true');
    const menu = page.getByRole('menu', { name: 'Research' });
    await menu.getByRole('menuitem', { name: 'Sectors' }).click();
    await page
      .getByRole('menu', { name: 'Sectors' })
      .getByRole('menuitem', { name: 'Technology & Media' })
      .click();
    const leaf = page.getByRole('menu', { name: 'Technology & Media' }).getByRole('menuitem', {
      name: 'Internet & Media',
    });
    await expect(leaf).toBeVisible();
    await expectAccessible(page, 'three levels of dropdown open');

    // A click outside closes every menu.
    await page.getByRole('main').click({ position: { x: 5, y: 5 } });
    await expect(menu).toHaveCount(0);
    await expect(research).toHaveAttribute('aria-expanded', 'false');

    await research.click();
    await menu.getByRole('menuitem', { name: 'Sectors' }).click();
    await page.getByRole('menuitem', { name: 'Technology & Media' }).click();
    await leaf.click();
    await expect(page).toHaveURL(/internet-media/);
    await expect(page.getByRole('menu')).toHaveCount(0);
  });

  test('works by keyboard: arrows move, Enter and ArrowRight open, Escape and ArrowLeft close', async ({
    page,
  }) => {
    await page.goto('/about');
    const research = nav(page).getByRole('button', { name: 'Research' });
    await research.focus();
    await page.keyboard.press('Enter');
    const item = (name: string) => page.getByRole('menuitem', { name, exact: true });
    await expect(item('Sectors')).toBeFocused();
    await page.keyboard.press('ArrowDown');
    await expect(item('Macro & Strategy')).toBeFocused();
    await page.keyboard.press('End');
    await expect(item('Energy Transition')).toBeFocused();
    await page.keyboard.press('ArrowDown');
    await expect(item('Sectors')).toBeFocused();
    await page.keyboard.press('ArrowRight');
    await expect(item('Financials & Property')).toBeFocused();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await expect(item('Technology & Semiconductors')).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(item('Technology & Media')).toBeFocused();
    await expect(item('Technology & Media')).toHaveAttribute('aria-expanded', 'false');
    await page.keyboard.press('ArrowLeft');
    await expect(item('Sectors')).toBeFocused();
    await expect(page.getByRole('menu', { name: 'Sectors' })).toHaveCount(0);
    await page.keyboard.press('Escape');
    await expect(research).toBeFocused();
    await expect(research).toHaveAttribute('aria-expanded', 'false');

    // ArrowUp opens on the last entry; Enter on a link follows it.
    await page.keyboard.press('ArrowUp');
    await expect(item('Energy Transition')).toBeFocused();
    await page.keyboard.press('ArrowUp');
    await expect(item('Our People')).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/people$/);
  });

  test.describe('signed in', () => {
    // Signed out, the research page an item opens asks to sign in, and its dialog covers the menus.
    test.use({ account: 'client' });

    test("stores an item's tag in session storage and clears it when another item is chosen", async ({
      page,
    }) => {
      await page.goto('/about');
      await nav(page).getByRole('button', { name: 'Research' }).click();
      await page.getByRole('menuitem', { name: 'Energy Transition' }).click();
      await expect.poll(() => storedTag(page)).toBe(JSON.stringify(['EnergyTransition']));
      await nav(page).getByRole('link', { name: 'About' }).click();
      await expect(page).toHaveURL(/\/about$/);
      await expect.poll(() => storedTag(page)).toBeNull();
    });
  });

  test('lists the favourites as links to /blogs/{key}', async ({ page }) => {
    await page.goto('/about');
    await nav(page).getByRole('button', { name: messagesSite.favourites }).click();
    const entries = page.getByRole('menu', { name: messagesSite.favourites }).getByRole('menuitem');
    await expect(entries.first()).toBeVisible();
    for (const href of await entries.evaluateAll((els) => els.map((el) => el.getAttribute('href'))))
      expect(href).toMatch(/^\/blogs\/[^/]+$/);
  });

  test.describe('on a phone', () => {
    test.use({ viewport: { width: 375, height: 800 } });

    test('collapses behind "Open navigation" and opens nested dropdowns in place', async ({ page }) => {
      await page.goto('/about');
      const research = nav(page).getByRole('button', { name: 'Research' });
      await expect(research).toBeHidden();
      await header(page).getByRole('button', { name: 'Open navigation' }).click();
      await research.click();
      await page.getByRole('menuitem', { name: 'Sectors' }).click();
      await page.getByRole('menuitem', { name: 'Financials & Property' }).click();
      await expect(page.getByRole('menuitem', { name: 'Banks & Financials' })).toBeVisible();
      await page.getByRole('menuitem', { name: 'Banks & Financials' }).click();
      await expect(page).toHaveURL(/banks-financials/);
      await expect(header(page).getByRole('button', { name: 'Open navigation' })).toHaveAttribute(
        'aria-expanded',
        'false',
      );
    });
  });
});

test.describe('contact forms', () => {
  test('the modal item opens the area-of-interest modal, whose Investor choice leads to the form', async ({
    page,
  }) => {
    await page.goto('/about');
    await nav(page).getByRole('button', { name: 'Contact us' }).click();
    const dialog = page.getByRole('dialog', { name: messagesSite.aoiTitle });
    await expect(dialog).toContainText(messagesSite.aoiText);
    await expect(dialog.getByRole('link', { name: /^Analyst/ })).toHaveAttribute('href', '/AOI/Analyst');
    await expectAccessible(page, 'area-of-interest modal');
    await dialog.getByRole('link', { name: /^Investor/ }).click();
    await expect(page).toHaveURL(/\/AOI\/Investor$/);
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('heading', { level: 1, name: 'Investor enquiry' })).toBeVisible();
    await expect(page.getByLabel('Name')).toBeVisible();
  });

  test('shows the validation texts, the captcha one under the captcha', async ({ page }) => {
    await page.goto('/AOI/somethingElse');
    await expect(page.getByRole('heading', { level: 1, name: 'Analyst enquiry' })).toBeVisible();
    await page.getByRole('button', { name: 'Send message' }).click();
    await expect(page.getByText(messagesSite.nameRequired)).toBeVisible();
    await expect(page.getByText(messagesSite.emailRequired)).toBeVisible();
    await expect(page.getByText(messagesSite.messageRequired)).toBeVisible();
    await expect(page.locator('altcha-widget + [role="alert"]')).toHaveText(messagesSite.captchaRequired);
    await expect(page.getByLabel('Name')).toBeFocused();

    await page.getByLabel('Name').fill('Grace Hopper');
    await page.getByLabel('Email').fill('not-an-email');
    await page.getByLabel('Message').fill('Hello');
    await expect(page.getByText(messagesSite.nameRequired)).toHaveCount(0);
    await expect(page.getByText(messages.validation.emailInvalid)).toBeVisible();
    await expect(page.getByText(messagesSite.messageRequired)).toHaveCount(0);

    // With only the captcha missing, the focus goes to its checkbox, which names the error.
    await page.getByLabel('Email').fill('grace@navy.example');
    await page.getByRole('button', { name: 'Send message' }).click();
    const checkbox = page.locator('altcha-widget input[type="checkbox"]');
    await expect(checkbox).toBeFocused();
    await expect(checkbox).toHaveAccessibleDescription(messagesSite.captchaRequired);
    await expect(page.getByLabel('Name')).toHaveValue('Grace Hopper');
  });

  test('a message sent with the captcha solved in the browser reaches the firm by e-mail', async ({
    page,
  }) => {
    const token = `e2e-${Date.now()}`;
    await page.goto('/AOI/Investor');
    await page.getByLabel('Name').fill('Grace Hopper');
    await page.getByLabel('Email').fill(`${token}@acme-capital.test`);
    await page.getByLabel('Message').fill(`Please send me your coverage list.\n\nReference ${token}.`);
    const widget = page.locator('altcha-widget');
    // The real widget: its checkbox starts the proof of work in the page's workers.
    await widget.getByText("I'm not a robot").click();
    await expect(widget).toContainText('Verified', { timeout: 45_000 });
    await expectAccessible(page, 'captcha solved');
    await page.getByRole('button', { name: 'Send message' }).click();
    await expect(page.getByRole('status').filter({ hasText: messagesSite.contactSent })).toBeVisible();
    await expect(page.getByLabel('Name')).toHaveValue('');

    // Stored and mailed in one transaction: the mail on the SMTP server is the stored message's.
    let mail = await waitForMail(firmEmail, `${messagesSite.contactMailSubject}: Investor`, 30_000);
    while (!mail.text.includes(token))
      mail = await waitForMail(firmEmail, `${messagesSite.contactMailSubject}: Investor`, 30_000);
    expect(mail.text).toContain('Grace Hopper');
    expect(mail.text).toContain(`${token}@acme-capital.test`);
  });

  test('a bot posting without a solved captcha is refused', async ({ page, request }) => {
    const headers = { 'x-csrf-token': await csrfToken(request) };
    const form = { name: 'Bot', email: 'bot@spam.test', message: 'Buy now', type: 'Investor' };
    const missing = await request.post('/api/aoi', { headers, data: form });
    expect(missing.status()).toBe(400);
    expect((await missing.json()).errors.captcha).toBe(messagesSite.captchaRequired);

    const forged = btoa(
      JSON.stringify({
        challenge: {
          parameters: {
            algorithm: 'PBKDF2/SHA-256',
            nonce: 'x',
            salt: 'y',
            cost: 1,
            keyLength: 32,
            keyPrefix: '00',
          },
          signature: 'z',
        },
        solution: { counter: 1, derivedKey: '00' },
      }),
    );
    const refused = await request.post('/api/aoi', { headers, data: { ...form, captcha: forged } });
    expect(refused.status()).toBe(400);
    expect((await refused.json()).errors.captcha).toBe(messagesSite.captchaInvalid);

    // Without the CSRF double submit the post does not get that far.
    expect((await request.post('/api/aoi', { data: { ...form, captcha: forged } })).status()).toBe(403);
    await page.goto('/AOI/Investor');
    await waitForSettled(page);
  });
});

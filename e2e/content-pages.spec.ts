/**
 * The firm's content pages (issue 5; spec 1 sections 1 and 2.1, spec 3 section 2): About, Careers, Contact, the
 * three legal pages with every legal fact, /page/{id} with its allow-list and ?pageid scroll, /access, the style
 * guide and /message/verify. Anonymous visitor; the server's seeded parameters and content.
 */

import type { Page } from '@playwright/test';
import {
  accessPage,
  messages,
  messagesSite,
  messagesVerification,
  type RuntimeConfig,
} from '@portal/contract';
import { expect, test, waitForSettled } from './support/fixtures.ts';

const main = (page: Page) => page.getByRole('main');

/** The firm details the page was served with (window.__PORTAL_CONFIG__ from /config.js, i.e. FIRM_*). */
const firmOf = async (page: Page) =>
  page.evaluate(() => (window as unknown as { __PORTAL_CONFIG__: RuntimeConfig }).__PORTAL_CONFIG__.firm);

const open = async (page: Page, path: string, heading: string) => {
  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
  await waitForSettled(page);
};

const expectFirmContacts = async (page: Page) => {
  const firm = await firmOf(page);
  const text = (await main(page).textContent()) ?? '';
  expect(text).not.toMatch(/\{(firm|email|phone|address)\}/);
  expect(text).toContain(firm.name);
  await expect(main(page).getByRole('link', { name: firm.email }).first()).toHaveAttribute(
    'href',
    `mailto:${firm.email}`,
  );
  await expect(main(page).getByRole('link', { name: firm.phone }).first()).toHaveAttribute(
    'href',
    `tel:${firm.phone.replace(/[^\d+]/g, '')}`,
  );
  return text;
};

test.describe('firm pages', () => {
  test('About Us shows the stored rich text', async ({ page }) => {
    const content = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/content');
    await open(page, '/about', 'About Us');
    expect((await content).status()).toBe(200);
    const article = main(page).locator('p');
    await expect(article.first()).toBeVisible();
    expect(((await main(page).textContent()) ?? '').length).toBeGreaterThan(300);
    await expect(page).toHaveTitle(/^About Us \| /);
  });

  test('Careers shows its page with sections', async ({ page }) => {
    await open(page, '/careers', 'Careers');
    await expect(main(page).getByRole('heading', { level: 2 }).first()).toBeVisible();
  });

  test('Contact Us shows the contact block, the offices and the configured contacts', async ({ page }) => {
    const call = page.waitForResponse((r) =>
      new URL(r.url()).pathname.startsWith('/api/getCustomPageParam/'),
    );
    await open(page, '/contact', 'Contact Us');
    expect(decodeURIComponent(new URL((await call).url()).pathname)).toBe(
      '/api/getCustomPageParam/sRshWebContactHTML,sRshWebOfficesHTML',
    );
    const firm = await firmOf(page);
    const support = page.getByRole('region', { name: 'Client support' });
    await expect(support.getByRole('link', { name: firm.email })).toHaveAttribute(
      'href',
      `mailto:${firm.email}`,
    );
    await expect(support.getByRole('link', { name: firm.phone })).toBeVisible();
    await expect(support.getByText(firm.address)).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: 'Our offices' })).toHaveCount(1);
    for (const city of ['Hong Kong', 'Singapore', 'London', 'New York'])
      await expect(main(page).getByText(city, { exact: false }).first()).toBeVisible();
    await expect(page.getByRole('link', { name: 'I am an Investor' })).toHaveAttribute(
      'href',
      '/AOI/Investor',
    );
    await expect(page.getByRole('link', { name: 'I am an Analyst' })).toHaveAttribute('href', '/AOI/Analyst');
  });
});

test.describe('legal pages', () => {
  test('Terms of Use carry every limit of the terms', async ({ page }) => {
    await open(page, '/terms', 'Terms of Use');
    const text = await expectFirmContacts(page);
    for (const fact of [
      'up to 50 colleagues per company',
      'company-domain e-mail address',
      'personal public e-mail domains',
      'A free trial is allowed once per institution',
      "at least one month's written notice before it expires",
      'no refunds or credits',
      'A subscription is non-transferable',
      'limited to 5 single-recipient forwards per user account per month',
      'capped at US$100',
    ])
      expect(text, fact).toContain(fact);
  });

  test('Privacy Policy carries its date, law, consent and access rules', async ({ page }) => {
    await open(page, '/privacy', 'Privacy Policy');
    const text = await expectFirmContacts(page);
    const firm = await firmOf(page);
    for (const fact of [
      'Last revised on 8 June 2018',
      'Personal Data (Privacy) Ordinance (Cap. 486) of Hong Kong',
      'which governs this policy',
      'We will not use your personal data in direct marketing unless we have first received your consent',
      `opt out of direct marketing at any time, free of charge, by contacting us at ${firm.email} or on ${firm.phone}`,
      `data access and correction requests in writing to our Compliance Officer at ${firm.email}`,
      'We may charge a reasonable fee for processing a data access request',
    ])
      expect(text, fact).toContain(fact);
    // The index beside the text jumps to a section.
    await page
      .getByRole('navigation', { name: 'On this page' })
      .getByRole('link', { name: 'Access to and correction of your personal data' })
      .click();
    await expect(page).toHaveURL(/#access-and-correction$/);
    await expect(
      page.getByRole('heading', { name: 'Access to and correction of your personal data' }),
    ).toBeInViewport();
  });

  test('Regulatory Disclosures name the company, its affiliates and regulators', async ({ page }) => {
    await open(page, '/regulatory', 'Regulatory Disclosures');
    const text = await expectFirmContacts(page);
    const firm = await firmOf(page);
    for (const fact of [
      `${firm.name} is a company incorporated in Hong Kong`,
      'Singapore affiliate, which is an exempt financial adviser',
      'analyst-network affiliate, which is regulated',
      'Securities and Futures Commission of Hong Kong, the Hong Kong securities regulator',
      'Financial Conduct Authority, the UK conduct authority',
      'registered as an investment advisor with the U.S. Securities and Exchange Commission',
    ])
      expect(text, fact).toContain(fact);
  });
});

test.describe('/page/{id}', () => {
  test('a public page renders, and ?pageid scrolls smoothly to its element 80 px below the top', async ({
    page,
  }) => {
    await page.goto('/page/sRshWebOurServicesHTML');
    await waitForSettled(page);
    await expect(main(page).getByRole('heading', { level: 1 })).toBeVisible();
    await expect(main(page).locator('#connect')).toBeAttached();

    // Sample the scroll position every frame while the page opens with ?pageid=connect, until the target has
    // focus (the scroll's last step) and a few frames more.
    await page.goto('/page/sRshWebOurServicesHTML?pageid=connect');
    const samples = await page.evaluate(
      () =>
        new Promise<Array<{ t: number; y: number }>>((resolve) => {
          const seen: Array<{ t: number; y: number }> = [];
          const started = performance.now();
          let landedAt = 0;
          const tick = () => {
            const now = performance.now();
            seen.push({ t: now, y: window.scrollY });
            if (!landedAt && document.activeElement?.id === 'connect') landedAt = now;
            if ((landedAt && now - landedAt > 200) || now - started > 8000) resolve(seen);
            else requestAnimationFrame(tick);
          };
          requestAnimationFrame(tick);
        }),
    );
    const target = main(page).locator('#connect');
    await expect(target).toBeFocused();
    const top = await target.evaluate((el) => el.getBoundingClientRect().top);
    expect(Math.abs(top - 80)).toBeLessThanOrEqual(1);
    const final = samples.at(-1)?.y ?? 0;
    expect(final).toBeGreaterThan(0);
    // Smooth, not a jump: positions between the start and the end, about 800 ms from leaving the top to landing
    // (frames on a busy machine may be few, so the count of steps is not asserted), never beyond the end.
    expect(samples.some(({ y }) => y > 0 && y < final)).toBe(true);
    const leftTop = samples.filter(({ y }) => y === 0).at(-1)?.t ?? 0;
    const landed = samples.find(({ y }) => y === final)?.t ?? 0;
    expect(landed - leftTop).toBeGreaterThanOrEqual(600);
    expect(Math.max(...samples.map(({ y }) => y))).toBeLessThanOrEqual(final);
  });

  test('a non-public parameter name shows nothing of it', async ({ page }) => {
    for (const name of ['sRWReportWaterMarkJSON', 'sRWClientSubEmailPublicNoCCIDs']) {
      const reply = page.waitForResponse(
        (r) => new URL(r.url()).pathname === `/api/getCustomPageParam/${name}`,
      );
      await page.goto(`/page/${name}`);
      const response = await reply;
      expect(response.status()).toBe(404);
      expect(await response.text()).not.toMatch(/"value"/);
      await expect(
        page.getByRole('heading', { level: 1, name: messagesSite.pageMissingTitle }),
      ).toBeVisible();
      await waitForSettled(page);
      await expect(main(page)).toHaveText(
        new RegExp(
          `^\\s*${messagesSite.pageMissingTitle}\\s*${messagesSite.pageMissing}\\s*Back to home\\s*$`,
        ),
      );
      await expect(page.locator('meta[name="robots"][content="noindex"]')).toHaveCount(1);
    }
  });
});

test.describe('/access', () => {
  test('sections, accordions by keyboard and four linked sample reports', async ({ page }) => {
    await open(page, '/access', accessPage.title);
    for (const heading of [
      'Our Capabilities',
      '360° Service for All Stakeholders',
      'Comprehensive Set of Services',
    ])
      await expect(page.getByRole('heading', { level: 2, name: heading })).toBeVisible();

    const [first, second, third] = accessPage.stakeholders.items;
    const control = (title: string) => page.getByRole('button', { name: title });
    await expect(control(first.title)).toHaveAttribute('aria-expanded', 'false');
    await control(first.title).focus();
    await page.keyboard.press('Enter');
    await expect(control(first.title)).toHaveAttribute('aria-expanded', 'true');
    await expect(page.getByText(first.text)).toBeVisible();
    await page.keyboard.press('ArrowDown');
    await expect(control(second.title)).toBeFocused();
    await page.keyboard.press('Space');
    await expect(control(second.title)).toHaveAttribute('aria-expanded', 'true');
    await expect(page.getByText(second.text)).toBeVisible();
    await page.keyboard.press('Tab');
    await expect(control(third.title)).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page.getByText(third.text)).toBeVisible();
    await page.keyboard.press('Enter');
    await expect(control(third.title)).toHaveAttribute('aria-expanded', 'false');

    const services = page.getByRole('region', { name: 'Comprehensive Set of Services' });
    const reports = services.getByRole('link');
    await expect(reports).toHaveCount(4);
    const hrefs = await reports.evaluateAll((links) => links.map((a) => a.getAttribute('href') ?? ''));
    for (const href of hrefs) expect(href).toMatch(/^\/reports\/\d+_[a-z0-9-]+$/);
    expect(new Set(hrefs).size).toBe(4);
    await reports.first().click();
    // The viewer itself, or the sign-in it asks an anonymous visitor for, carrying the report as the target.
    await expect(page).toHaveURL((url) => decodeURIComponent(url.href).includes(hrefs[0] ?? '-'));
    // The report viewer is another issue's screen: the scan at the end belongs to this page.
    await page.goBack();
    await expect(page.getByRole('heading', { level: 1, name: accessPage.title })).toBeVisible();
  });
});

test.describe('style guide and messages', () => {
  test('the style guide shows the design system pieces', async ({ page }) => {
    await open(page, '/styleGuide', 'Style Guide');
    for (const heading of ['Colours', 'Type scale', 'Buttons', 'Inputs', 'Notices', 'Cards'])
      await expect(page.getByRole('heading', { level: 2, name: heading })).toBeVisible();
    await expect(main(page).getByText('--portal-ink', { exact: true })).toBeVisible();
    await expect(main(page).getByRole('button', { name: 'Primary' })).toBeVisible();
    await expect(main(page).getByLabel('Email')).toBeVisible();
    await expect(main(page).getByText(messages.notices.registrationConfirmed)).toBeVisible();
  });

  test('/message/verify confirms the e-mail verification', async ({ page }) => {
    await open(page, '/message/verify', messagesVerification.registrationComplete);
    await expect(main(page).getByText(messagesVerification.emailVerified)).toBeVisible();
    await expect(main(page).getByRole('link', { name: 'Back to home' })).toHaveAttribute('href', '/');
  });
});

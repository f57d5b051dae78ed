/**
 * The reader's ways in (issue 21, items 9, 10, 12, 13 and 14): CONNECT in the header (desktop and the 375 px menu)
 * and on the signed-in home, tagged menu items and the tagline tiles that go where they say, no placeholders shown
 * as content, the header search's company suggestions by ticker, and a subscription legend that matches the chips.
 */
import type { Page } from '@playwright/test';
import {
  homeMessages,
  mailMessages,
  messages,
  messagesConnect,
  messagesSite,
  messagesVerification,
  subscriptionMessages,
} from '@portal/contract';
import { accountPassword, signUpThroughApi } from './support/api.ts';
import { accountSettingsLink, expect, fillLogin, header, test, waitForSettled } from './support/fixtures.ts';
import { linkIn, waitForMail } from './support/mailbox.ts';

const links = messages.readerLinks;
const card = messagesConnect.home;

interface ApiEvent {
  iCAE_Id: number;
  sEvtName: string;
  bRegistered: boolean;
  sRegistrationStatus: 'none' | 'pending' | 'approved';
}

const json = async <T>(page: Page, url: string): Promise<T> => {
  const reply = await page.request.get(url);
  expect(reply.status(), `${url}: ${await reply.text()}`).toBe(200);
  return (await reply.json()) as T;
};

test.describe('signed in as the demo client', () => {
  test.use({ account: 'client' });

  test('CONNECT is in the header menu: events and analyst booking (desktop)', async ({ page }) => {
    await page.goto('/home');
    const main = header(page).getByRole('navigation', { name: 'Main' });
    await main.getByRole('button', { name: links.connectMenu, exact: true }).click();
    await main.getByRole('menuitem', { name: links.connectEvents }).click();
    await expect(page).toHaveURL(/\/connect\/registration$/);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();

    await main.getByRole('button', { name: links.connectMenu, exact: true }).click();
    await main.getByRole('menuitem', { name: links.connectBooking }).click();
    await expect(page).toHaveURL(/\/connect\/appointment$/);
    await waitForSettled(page);
  });

  test('CONNECT is in the mobile menu (375 px)', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 740 });
    await page.goto('/home');
    const main = header(page).getByRole('navigation', { name: 'Main' });
    await header(page).getByRole('button', { name: 'Open navigation' }).click();
    await main.getByRole('button', { name: links.connectMenu, exact: true }).click();
    await main.getByRole('menuitem', { name: links.connectBooking }).click();
    await expect(page).toHaveURL(/\/connect\/appointment$/);
    await expect(main).toBeHidden();

    await header(page).getByRole('button', { name: 'Open navigation' }).click();
    await main.getByRole('button', { name: links.connectMenu, exact: true }).click();
    await main.getByRole('menuitem', { name: links.connectEvents }).click();
    await expect(page).toHaveURL(/\/connect\/registration$/);
    await waitForSettled(page);
  });

  test("the home's CONNECT card lists the reader's events and booked meetings, each leading to CONNECT", async ({
    page,
  }) => {
    // What the card must show, from CONNECT's own calls as they stand for this reader.
    const { events } = await json<{ events: ApiEvent[] }>(page, '/api/connect/events');
    const mine = events.filter((e) => e.bRegistered || e.sRegistrationStatus !== 'none');
    const { analysts } = await json<{ analysts: { iCAO_ObjId: number; sPFN_FullName: string }[] }>(
      page,
      '/api/connect/analysts',
    );
    const booked: string[] = [];
    for (const analyst of analysts) {
      const calendar = await json<{ events: { booked: boolean }[] }>(
        page,
        `/api/connect/appointments/${analyst.iCAO_ObjId}`,
      );
      for (const slot of calendar.events)
        if (slot.booked) booked.push(card.meetingWith(analyst.sPFN_FullName));
    }

    await page.goto('/home');
    const section = page.getByRole('region', { name: card.title, exact: true });
    await expect(section).toBeVisible();
    const eventsPart = section.locator('[data-connect-home="events"]');
    await expect(eventsPart.getByRole('heading', { level: 3 })).toHaveText(
      mine.length > 0 ? card.yourEvents : card.nextEvents,
    );
    const shown = mine.length > 0 ? mine : events.slice(0, 3);
    const eventLinks = eventsPart.getByRole('listitem').getByRole('link');
    await expect(eventLinks).toHaveText(shown.map((e) => e.sEvtName));
    const meetingsPart = section.locator('[data-connect-home="meetings"]');
    if (booked.length > 0)
      await expect(meetingsPart.getByRole('listitem').getByRole('link')).toHaveText(booked.sort());
    else await expect(meetingsPart.getByText(card.noMeeting)).toBeVisible();

    if (shown[0]) {
      await eventLinks.first().click();
      await expect(page).toHaveURL(new RegExp(`/connect/registration/${shown[0].iCAE_Id}$`));
      await page.goBack();
    }
    await section.getByRole('link', { name: card.book }).click();
    await expect(page).toHaveURL(/\/connect\/appointment$/);
    await waitForSettled(page);
  });

  test('"Energy Transition" in the Research menu filters the research list, also when the list is on screen', async ({
    page,
  }) => {
    // On the unfiltered list already: choosing the tagged item must filter it, not leave it as it was.
    await page.goto('/search');
    await waitForSettled(page);
    await expect(page.getByRole('list', { name: 'Active tags' })).toHaveCount(0);
    const main = header(page).getByRole('navigation', { name: 'Main' });
    await main.getByRole('button', { name: 'Research', exact: true }).click();
    const request = page.waitForRequest(
      (r) => new URL(r.url()).pathname === '/api/reports' && new URL(r.url()).searchParams.has('tags'),
    );
    await main.getByRole('menuitem', { name: 'Energy Transition' }).click();
    expect(new URL((await request).url()).searchParams.getAll('tags')).toEqual(['EnergyTransition']);
    await expect(page.getByRole('list', { name: 'Active tags' })).toContainText('EnergyTransition');

    // and an untagged item (the research list) clears it again, on screen too
    await main.getByRole('button', { name: 'Research', exact: true }).click();
    await main.getByRole('menuitem', { name: links.researchList }).click();
    await expect(page.getByRole('list', { name: 'Active tags' })).toHaveCount(0);
    await waitForSettled(page);
  });

  test('a card without geography or description shows no placeholder', async ({ page }) => {
    // The data this needs: the list's first report without companies, countries or description.
    await page.route(
      (url) => url.pathname === '/api/reports',
      async (route) => {
        const response = await route.fetch();
        const body = (await response.json()) as { data: Record<string, unknown>[] };
        if (body.data[0]) Object.assign(body.data[0], { companies: [], countries: [], description: '' });
        await route.fulfill({ response, json: body });
      },
    );
    await page.goto('/search');
    await waitForSettled(page);
    const first = page.getByRole('main').getByRole('article').first();
    await expect(first).toBeVisible();
    await expect(page.getByRole('main')).not.toContainText(/No Geography|No Description/i);
  });

  test('the header search suggests a company by its ticker, as the search finds it', async ({ page }) => {
    const { data } = await json<{ data: { id: number; name: string; sBBG_Code: string }[] }>(
      page,
      '/api/companies',
    );
    // A company whose ticker (e.g. "2189 HK") shares nothing with its name.
    const company = data.find(
      (c) => /^\w+ [A-Z]{2}$/.test(c.sBBG_Code) && !c.name.includes(c.sBBG_Code.split(' ')[0]!),
    );
    expect(company, 'a company with a ticker').toBeTruthy();
    await page.goto('/SavedResearches');
    await waitForSettled(page);
    const box = header(page).getByRole('combobox', { name: 'Search research' });
    await box.fill(company!.sBBG_Code);
    const suggestions = page.getByRole('listbox', { name: 'Search research suggestions' });
    await expect(
      suggestions.getByRole('group', { name: 'Companies' }).getByRole('option', { name: company!.name }),
    ).toBeVisible();
    await waitForSettled(page);
  });

  test('the legend shows the subscribed look in the colours the subscribed chips wear', async ({ page }) => {
    await page.goto('/subscriptionPreference/settings');
    await waitForSettled(page);
    const chips = page.locator('button[data-look="subscribed"]');
    await expect(chips.first()).toBeVisible();
    const chipColours = new Set(
      await chips.evaluateAll((els) => els.map((el) => getComputedStyle(el).backgroundColor)),
    );
    const swatches = page.locator('[data-legend="subscribed"] [data-swatch-color]');
    const swatchColours = new Set(
      await swatches.evaluateAll((els) => els.map((el) => getComputedStyle(el).backgroundColor)),
    );
    expect([...swatchColours].sort()).toEqual([...chipColours].sort());
    await expect(page.locator('[data-legend="subscribed"]')).toHaveText(
      chipColours.size > 1
        ? subscriptionMessages.preferences.legendSubscribedColours
        : subscriptionMessages.preferences.legendSubscribed,
    );
  });
});

test.describe('anonymous', () => {
  test('the tagline tiles of the landing and the Access page lead somewhere', async ({ page }) => {
    const targets: Record<string, RegExp> = {
      Investments: /^\/search$/,
      Ideas: /^\/blogs$/,
      Advisory: /^\/access#advisory$/,
      Fintech: /^\/access#data-and-fintech$/,
    };
    for (const start of ['/', '/access']) {
      await page.goto(start);
      const list = page.getByRole('list', { name: start === '/' ? 'What we do' : 'What we offer' });
      for (const tagline of messagesSite.taglines) {
        await expect(
          list.getByRole('link', { name: tagline, exact: true }),
          `${tagline} on ${start}`,
        ).toHaveAttribute('href', targets[tagline]!);
      }
    }
    // Followed: Investments leads a visitor to the research list (through sign-up), Fintech to the capability it
    // names on the Access page, scrolled to.
    await page.goto('/');
    await page.getByRole('list', { name: 'What we do' }).getByRole('link', { name: 'Investments' }).click();
    await expect(page).toHaveURL(/\/(search|signup\?redirectUrl=%2Fsearch)$/);
    await page.goto('/');
    await page.getByRole('list', { name: 'What we do' }).getByRole('link', { name: 'Fintech' }).click();
    await expect(page).toHaveURL(/\/access#data-and-fintech$/);
    await expect(page.locator('#data-and-fintech')).toBeInViewport();
    await waitForSettled(page);
  });
});

test.describe('a new reader without a subscription', () => {
  test('the home says "Latest research", not "Latest in your sectors"', async ({ page }) => {
    const email = `pending-${Date.now()}@acme-capital.test`;
    await signUpThroughApi(page.request, email);
    const link = linkIn(await waitForMail(email, mailMessages.verifySubject), '/verify?token=');
    await page.goto(link.href);
    await expect(
      page.getByRole('heading', { name: messagesVerification.registrationComplete }),
    ).toBeVisible();
    await page.goto('/login');
    await fillLogin(page, email, accountPassword);
    await expect(accountSettingsLink(page)).toBeVisible();
    await page.goto('/home');
    await waitForSettled(page);
    const lists = page.getByRole('region', { name: homeMessages.listsLabel });
    await expect(lists.getByRole('heading', { level: 2, name: homeMessages.latestAll })).toBeVisible();
    await expect(page.getByRole('main')).not.toContainText(homeMessages.latest);
  });
});

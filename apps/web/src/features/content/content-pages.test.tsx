import { accessPage, messages, messagesSite } from '@portal/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type Call, fakeApi, type Handler, renderApp } from '../../test/render-app.tsx';

const firm = {
  name: 'Acme Research Partners',
  email: 'desk@acme-research.example',
  phone: '+44 20 7946 0000',
  address: '1 Fleet Street, London',
};

beforeEach(() => {
  window.__PORTAL_CONFIG__ = { apiBase: '/api', firm };
});
afterEach(() => {
  delete window.__PORTAL_CONFIG__;
});

const notFound = { status: 404, body: { success: false, message: messages.errors.notFound } };

/** The site's own calls (navigation) answer empty; `handler` answers the page's calls. */
const api = (handler: Handler) =>
  fakeApi(null, (call: Call) => {
    if (call.path === '/getNavItems') return { body: { data: [] } };
    return handler(call);
  });

const main = () => screen.getByRole('main');

describe('About Us', () => {
  it('renders the stored rich text under the page title, without anything unsafe', async () => {
    api((call) =>
      call.path === '/content'
        ? {
            body: {
              data: {
                html: '<h1>Who we are</h1><p>Independent <strong>research</strong>.</p><script>alert(1)</script><p onclick="x()">More</p>',
                updatedAt: null,
              },
            },
          }
        : undefined,
    );
    renderApp('/about');
    expect(await screen.findByRole('heading', { level: 1, name: 'About Us' })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { level: 2, name: 'Who we are' })).toBeInTheDocument();
    expect(screen.getByText('research').tagName).toBe('STRONG');
    expect(main().querySelector('script, [onclick]')).toBeNull();
    expect(document.title).toBe(`About Us | ${firm.name}`);
    expect(screen.queryByText(/^Last updated/)).toBeNull();
  });

  it('says when the text was last edited', async () => {
    api((call) =>
      call.path === '/content'
        ? { body: { data: { html: '<p>Text</p>', updatedAt: '2026-03-05T23:30:00.000Z' } } }
        : undefined,
    );
    renderApp('/about');
    expect(await screen.findByText('Last updated 5 March 2026')).toBeInTheDocument();
  });

  it('opens links to the portal inside the app, and external ones in a new tab', async () => {
    api((call) => {
      if (call.path === '/content')
        return {
          body: {
            data: {
              html: '<p><a href="/careers">Join us</a> or read <a href="https://example.com/x">this</a>.</p>',
              updatedAt: null,
            },
          },
        };
      if (call.path === '/getCustomPageParam/sRshWebCareersHTML')
        return { body: { name: 'sRshWebCareersHTML', value: '<p>Roles</p>' } };
      return undefined;
    });
    const app = renderApp('/about');
    const external = await screen.findByRole('link', { name: 'this' });
    expect(external).toHaveAttribute('target', '_blank');
    await userEvent.click(within(main()).getByRole('link', { name: 'Join us' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Careers' })).toBeInTheDocument();
    expect(app.location()).toBe('/careers');
  });

  it('offers a retry when the content cannot be loaded', async () => {
    let fail = true;
    api((call) =>
      call.path === '/content'
        ? fail
          ? { status: 500, body: { success: false, message: messages.errors.internal } }
          : { body: { data: { html: '<p>Back again</p>', updatedAt: null } } }
        : undefined,
    );
    renderApp('/about');
    expect(await screen.findByRole('alert')).toHaveTextContent(messagesSite.pageLoadFailed);
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Back again')).toBeInTheDocument();
  });
});

describe('legal pages', () => {
  it('Terms of Use carry every limit and the configured contacts', async () => {
    api(() => undefined);
    renderApp('/terms');
    expect(await screen.findByRole('heading', { level: 1, name: 'Terms of Use' })).toBeInTheDocument();
    const text = main().textContent ?? '';
    for (const fact of [
      'up to 50 colleagues per company',
      'personal public e-mail domains',
      'A free trial is allowed once per institution',
      "at least one month's written notice",
      'no refunds or credits',
      'non-transferable',
      '5 single-recipient forwards per user account per month',
      'capped at US$100',
    ])
      expect(text).toContain(fact);
    expect(text).not.toMatch(/\{(firm|email|phone|address)\}/);
    expect(text).toContain(firm.name);
    const emails = within(main()).getAllByRole('link', { name: firm.email });
    expect(emails[0]).toHaveAttribute('href', `mailto:${firm.email}`);
    expect(within(main()).getAllByRole('link', { name: firm.phone })[0]).toHaveAttribute(
      'href',
      'tel:+442079460000',
    );
  });

  it('Privacy Policy: revision date, ordinance, consent, access requests; an index links to each section', async () => {
    api(() => undefined);
    renderApp('/privacy');
    expect(await screen.findByRole('heading', { level: 1, name: 'Privacy Policy' })).toBeInTheDocument();
    const text = main().textContent ?? '';
    expect(text).toContain('Last revised on 8 June 2018');
    expect(text).toContain('Personal Data (Privacy) Ordinance');
    expect(text).toContain('unless we have first received your consent');
    expect(text).toContain(
      `opt out of direct marketing at any time, free of charge, by contacting us at ${firm.email}`,
    );
    expect(text).toContain('reasonable fee');
    const index = screen.getByRole('navigation', { name: 'On this page' });
    const link = within(index).getByRole('link', { name: 'Access to and correction of your personal data' });
    expect(link).toHaveAttribute('href', '#access-and-correction');
    expect(document.getElementById('access-and-correction')?.tagName).toBe('H2');
  });

  it('Regulatory Disclosures: company, affiliates and the three regulators', async () => {
    api(() => undefined);
    renderApp('/regulatory');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Regulatory Disclosures' }),
    ).toBeInTheDocument();
    const text = main().textContent ?? '';
    expect(text).toContain(`${firm.name} is a company incorporated in Hong Kong`);
    expect(text).toContain('exempt financial adviser');
    expect(text).toContain('analyst-network affiliate');
    expect(text).toContain('Securities and Futures Commission');
    expect(text).toContain('Financial Conduct Authority');
    expect(text).toContain(
      'registered as an investment advisor with the U.S. Securities and Exchange Commission',
    );
  });
});

describe('Contact Us and Careers', () => {
  it('Contact Us asks for the contact block and offices in one comma-list call and shows the configured contacts', async () => {
    const { calls } = api((call) =>
      call.path.startsWith('/getCustomPageParam/')
        ? {
            body: {
              data: [
                { name: 'sRshWebContactHTML', value: '<p>Our client services desk</p>' },
                { name: 'sRshWebOfficesHTML', value: '<h3>Hong Kong</h3><p>Central</p>' },
              ],
            },
          }
        : undefined,
    );
    renderApp('/contact');
    expect(await screen.findByRole('heading', { level: 1, name: 'Contact Us' })).toBeInTheDocument();
    expect(await screen.findByText('Our client services desk')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Hong Kong' })).toBeInTheDocument();
    expect(calls.filter((c) => c.path.startsWith('/getCustomPageParam/')).map((c) => c.path)).toEqual([
      '/getCustomPageParam/sRshWebContactHTML,sRshWebOfficesHTML',
    ]);
    const support = screen.getByRole('region', { name: 'Client support' });
    expect(within(support).getByRole('link', { name: firm.email })).toHaveAttribute(
      'href',
      `mailto:${firm.email}`,
    );
    expect(within(support).getByText(firm.address)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'I am an Investor' })).toHaveAttribute('href', '/AOI/Investor');
    expect(screen.getByRole('link', { name: 'I am an Analyst' })).toHaveAttribute('href', '/AOI/Analyst');
  });

  it('Careers shows its page parameter', async () => {
    api((call) =>
      call.path === '/getCustomPageParam/sRshWebCareersHTML'
        ? { body: { name: 'sRshWebCareersHTML', value: '<h2 id="why-join">Why join us</h2><p>Text</p>' } }
        : undefined,
    );
    renderApp('/careers');
    expect(await screen.findByRole('heading', { level: 1, name: 'Careers' })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { level: 2, name: 'Why join us' })).toBeInTheDocument();
  });
});

describe('/page/{id}', () => {
  const servicesPage = () =>
    api((call) =>
      call.path === '/getCustomPageParam/sRshWebOurServicesHTML'
        ? {
            body: {
              name: 'sRshWebOurServicesHTML',
              value: '<h1>Our services</h1><h2 id="research">Research</h2><h2 id="connect">Connect</h2>',
            },
          }
        : undefined,
    );

  /**
   * jsdom lays nothing out: the page is given a #connect heading 1500 px down the document, and the window's
   * scroll position (the root element's scrollTop) is recorded with the time of each change.
   */
  const layOut = () => {
    const scrolls: Array<{ at: number; top: number }> = [];
    let top = 0;
    Object.defineProperty(document.documentElement, 'scrollTop', {
      configurable: true,
      get: () => top,
      set: (value: number) => {
        top = value;
        scrolls.push({ at: performance.now(), top: value });
      },
    });
    vi.spyOn(Element.prototype, 'getBoundingClientRect').mockImplementation(function (this: Element) {
      const y = this.id === 'connect' ? 1500 - top : 0;
      return { x: 0, y, top: y, left: 0, right: 100, bottom: y + 30, width: 100, height: 30 } as DOMRect;
    });
    // The browser's scrollIntoView with block 'start': the element's top at its scroll margin.
    vi.spyOn(Element.prototype, 'scrollIntoView').mockImplementation(function (this: HTMLElement) {
      if (this.id === 'connect')
        document.documentElement.scrollTop = 1500 - (Number.parseFloat(this.style.scrollMarginTop) || 0);
    });
    return scrolls;
  };
  afterEach(() => {
    delete (document.documentElement as { scrollTop?: number }).scrollTop;
  });

  it('shows a public page and scrolls smoothly to ?pageid: 800 ms, 80 px above it, then focuses it', async () => {
    const scrolls = layOut();
    servicesPage();
    renderApp('/page/sRshWebOurServicesHTML?pageid=connect');
    expect(await screen.findByRole('heading', { level: 1, name: 'Our services' })).toBeInTheDocument();
    const target = screen.getByRole('heading', { name: 'Connect' });
    await waitFor(() => expect(document.activeElement).toBe(target), { timeout: 3000 });
    expect(target).toHaveAttribute('tabindex', '-1');
    // Lands 80 px above the element (spec 3 section 9) over about 800 ms, through positions in between (not a
    // jump), never past it.
    expect(scrolls.at(-1)?.top).toBe(1420);
    expect(scrolls.filter(({ top }) => top > 0 && top < 1400).length).toBeGreaterThan(3);
    expect(Math.max(...scrolls.map(({ top }) => top))).toBe(1420);
    const leftTop = scrolls.findLast(({ top }) => top === 0)?.at ?? 0;
    const arrived = scrolls.find(({ top }) => top >= 1419)?.at ?? 0;
    expect(arrived - leftTop).toBeGreaterThanOrEqual(700);
    expect(document.title).toBe(`Our services | ${firm.name}`);
  });

  it('jumps to ?pageid at once when the reader prefers reduced motion', async () => {
    const matchMedia = window.matchMedia;
    vi.spyOn(window, 'matchMedia').mockImplementation((query: string) => ({
      ...matchMedia(query),
      matches: query === '(prefers-reduced-motion: reduce)',
    }));
    const scrolls = layOut();
    servicesPage();
    renderApp('/page/sRshWebOurServicesHTML?pageid=connect');
    const target = await screen.findByRole('heading', { name: 'Connect' });
    await waitFor(() => expect(document.activeElement).toBe(target));
    // No positions in between: straight there.
    expect(scrolls.length).toBeGreaterThan(0);
    expect(scrolls.every(({ top }) => top === 1420)).toBe(true);
  });

  it('a name the server does not reveal shows only the not-found text', async () => {
    api((call) => (call.path.startsWith('/getCustomPageParam/') ? notFound : undefined));
    renderApp('/page/sRWReportWaterMarkJSON');
    expect(
      await screen.findByRole('heading', { level: 1, name: messagesSite.pageMissingTitle }),
    ).toBeInTheDocument();
    expect(main()).toHaveTextContent(messagesSite.pageMissing);
    expect(main().textContent).not.toContain('sRWReportWaterMarkJSON');
    expect(document.head.querySelector('meta[name="robots"][content="noindex"]')).not.toBeNull();
  });
});

describe('/access', () => {
  it('has its sections, keyboard accordions and four linked sample reports', async () => {
    const samples = [
      { id: 11, title: 'Regional banks: margins at the turn' },
      { id: 12, title: 'Data centres and the power grid' },
      { id: 13, title: 'EV batteries: the cost curve' },
      { id: 14, title: 'Asia macro outlook' },
    ];
    api((call) =>
      call.path === '/getCustomPageParam/sAccessSampleReports'
        ? { body: { name: 'sAccessSampleReports', value: JSON.stringify(samples) } }
        : undefined,
    );
    renderApp('/access');
    expect(await screen.findByRole('heading', { level: 2, name: 'Our Capabilities' })).toBeInTheDocument();
    expect(
      screen.getByRole('heading', { level: 2, name: '360° Service for All Stakeholders' }),
    ).toBeInTheDocument();
    expect(
      screen.getByRole('heading', { level: 2, name: 'Comprehensive Set of Services' }),
    ).toBeInTheDocument();

    const [first] = accessPage.stakeholders.items;
    const control = screen.getByRole('button', { name: first.title });
    expect(control).toHaveAttribute('aria-expanded', 'false');
    control.focus();
    await userEvent.keyboard('{Enter}');
    expect(control).toHaveAttribute('aria-expanded', 'true');
    await waitFor(() => expect(screen.getByText(first.text)).toBeVisible());
    for (const item of accessPage.stakeholders.items)
      expect(screen.getByRole('button', { name: item.title })).toBeInTheDocument();

    for (const sample of samples) {
      const link = await screen.findByRole('link', { name: sample.title });
      expect(link.getAttribute('href')).toMatch(new RegExp(`^/reports/${sample.id}_`));
    }
  });
});

import {
  accessSampleReports,
  blogsReply,
  contentReply,
  landingConstants,
  landingReply,
  messages,
  type NavItem,
  navItemsReply,
  publicPageParameters,
  sliderImageSize,
} from '@portal/contract';
import { eq, inArray } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { posts } from '../db/schema/blogs.ts';
import { blogs, parameters, reports, sectors, sliders } from '../db/schema/index.ts';
import { configurationParameters } from '../seed/site-parameters.ts';
import { TestClient } from '../test/client.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';

const flatten = (items: NavItem[], depth = 1): { item: NavItem; depth: number }[] =>
  items.flatMap((item) => [{ item, depth }, ...flatten(item.children, depth + 1)]);

describe('site: navigation, landing, content and page parameters', () => {
  let t: TestApp;
  const anonymous = () => new TestClient(t.app);

  beforeAll(async () => {
    t = await createTestApp({ catalogue: true });
  }, 120_000);
  afterAll(async () => {
    await t?.close();
  });

  it('serves the seeded menu: nested dropdowns of real sectors, favourites, links, the modal and a tag', async () => {
    const response = await anonymous().get('/api/getNavItems');
    expect(response.statusCode).toBe(200);
    const { data } = navItemsReply.parse(response.json());
    expect(data.map((i) => [i.type, i.label])).toEqual([
      ['dropdown', 'Research'],
      ['favourites', 'Favourites'],
      ['link', 'About'],
      ['link', 'Access'],
      ['modal', 'Contact us'],
    ]);
    const all = flatten(data);
    // A dropdown nested three levels deep, whose links lead to demo sectors that exist.
    const sectorLinks = all.filter(({ item }) => item.path?.startsWith('/sectors/'));
    expect(sectorLinks.length).toBeGreaterThanOrEqual(10);
    expect(Math.max(...sectorLinks.map((l) => l.depth))).toBe(4);
    const ids = sectorLinks.map(({ item }) => Number(/^\/sectors\/(\d+)_[a-z0-9-]+$/.exec(item.path!)![1]));
    const known = await t.db.select({ id: sectors.id }).from(sectors).where(inArray(sectors.id, ids));
    expect(known).toHaveLength(ids.length);
    expect(all.find(({ item }) => item.label === 'Banks & Financials')?.item.path).toBe(
      '/sectors/10000121_banks-financials',
    );
    for (const path of ['/companies', '/people', '/about', '/access']) {
      expect(
        all.some(({ item }) => item.type === 'link' && item.path === path),
        path,
      ).toBe(true);
    }
    const modal = data.find((i) => i.type === 'modal')!;
    expect(modal.path).toBeNull();
    expect(all.filter(({ item }) => item.tag)).toHaveLength(1);
    for (const { item } of all) {
      if (item.type === 'dropdown') expect(item.children.length, item.label).toBeGreaterThan(0);
      if (item.type === 'link') expect(item.path, item.label).toMatch(/^\//);
    }
  });

  it('lists favourites under the favourites item, linking to /blogs/{key}, and drops the item without any', async () => {
    const favourites = blogsReply.parse((await anonymous().get('/api/blogs')).json()).data;
    expect(favourites.length).toBe(3);
    expect(favourites[0]).toMatchObject({ key: 'keyword1', topic: 'Asia Strategy Notes' });
    const nav = navItemsReply.parse((await anonymous().get('/api/getNavItems')).json()).data;
    const item = nav.find((i) => i.type === 'favourites')!;
    expect(item.children.map((c) => [c.type, c.label, c.path])).toEqual(
      favourites.map((f) => ['link', f.topic, `/blogs/${f.key}`]),
    );

    const saved = await t.db.select().from(blogs);
    // A blog with posts cannot be deleted: the demo posts go first (no later test here reads them).
    await t.db.delete(posts);
    await t.db.delete(blogs);
    try {
      expect((await anonymous().get('/api/blogs')).json()).toEqual({ data: [] });
      const without = navItemsReply.parse((await anonymous().get('/api/getNavItems')).json()).data;
      expect(without.some((i) => i.type === 'favourites')).toBe(false);
      expect(without.map((i) => i.label)).toEqual(['Research', 'About', 'Access', 'Contact us']);
    } finally {
      await t.db.insert(blogs).values(saved);
    }
  });

  it('answers the landing data: active sliders in order with their images, and the latest 25 reports', async () => {
    const response = await anonymous().get('/api/landing');
    expect(response.statusCode).toBe(200);
    const landing = landingReply.parse(response.json());
    expect(landing.sliders.map((s) => s.key)).toEqual(['slider1', 'slider2', 'slider3']);
    expect(landing.sliders.some((s) => s.link?.includes(';'))).toBe(true);
    for (const slide of landing.sliders) {
      expect(slide.type).toBe('image');
      expect(slide.heading.length).toBeLessThanOrEqual(75);
      expect(slide.subHeading.length).toBeLessThanOrEqual(100);
      const image = await anonymous().get(`/api/media/${slide.mediaPath}`);
      expect(image.statusCode).toBe(200);
      expect(image.headers['content-type']).toBe('image/webp');
      expect(image.rawPayload.length).toBeLessThan(60_000);
      const meta = await sharp(image.rawPayload).metadata();
      expect([meta.width, meta.height]).toEqual([sliderImageSize.width, sliderImageSize.height]);
    }
    expect(landing.latest).toHaveLength(landingConstants.latestCount);
    const dates = landing.latest.map((r) => r.published_date);
    expect([...dates].sort().reverse()).toEqual(dates);
    expect(landing.latest.every((r) => r.analysts.length > 0 && r.sector)).toBe(true);
  });

  it('never puts report text, descriptions, files or access keys on the public landing', async () => {
    const response = await anonymous().get('/api/landing');
    const landing = response.json() as { latest: Record<string, unknown>[] };
    for (const item of landing.latest) {
      expect(Object.keys(item).sort()).toEqual(['analysts', 'id', 'published_date', 'sector', 'title']);
    }
    const rows = await t.db
      .select({
        body: reports.bodyText,
        description: reports.description,
        key: reports.accessKey,
        file: reports.filePath,
      })
      .from(reports)
      .where(
        inArray(
          reports.id,
          landing.latest.map((r) => Number(r.id)),
        ),
      );
    for (const row of rows) {
      expect(response.body).not.toContain(row.key);
      expect(response.body).not.toContain(row.file);
      if (row.description.length > 20) expect(response.body).not.toContain(row.description.slice(0, 60));
      if (row.body.length > 200) expect(response.body).not.toContain(row.body.slice(100, 160));
    }
  });

  it('shows private and inactive sliders to nobody anonymous, private ones to signed-in readers', async () => {
    await t.db.update(sliders).set({ isPrivate: true }).where(eq(sliders.key, 'slider2'));
    await t.db.update(sliders).set({ active: false }).where(eq(sliders.key, 'slider3'));
    try {
      const anon = landingReply.parse((await anonymous().get('/api/landing')).json());
      expect(anon.sliders.map((s) => s.key)).toEqual(['slider1']);
      const reader = new TestClient(t.app);
      await reader.login('client@demo.test', 'Portal-demo-1');
      const signedIn = landingReply.parse((await reader.get('/api/landing')).json());
      expect(signedIn.sliders.map((s) => s.key)).toEqual(['slider1', 'slider2']);
    } finally {
      await t.db.update(sliders).set({ isPrivate: false, active: true });
    }
  });

  it('links no temporary report from the seeded slider, the /access samples or the webcast', async () => {
    const ids: number[] = [];
    const [slider] = await t.db.select().from(sliders).where(eq(sliders.key, 'slider2'));
    if (slider?.reportUrl) ids.push(Number(/^\/reports\/(\d+)/.exec(slider.reportUrl)?.[1]));
    const stored = await t.db
      .select()
      .from(parameters)
      .where(inArray(parameters.name, ['sAccessSampleReports', 'rw_WebcastUrl']));
    for (const row of stored) {
      if (row.name === 'sAccessSampleReports')
        ids.push(...(JSON.parse(row.value) as { id: number }[]).map((sample) => sample.id));
      else ids.push(Number(/\/reports\/(\d+)$/.exec(row.value)?.[1]));
    }
    expect(ids.length).toBeGreaterThanOrEqual(6);
    const rows = await t.db
      .select({ id: reports.id, temp: reports.isTempReport })
      .from(reports)
      .where(inArray(reports.id, ids));
    expect(rows).toHaveLength(new Set(ids).size);
    expect(rows.filter((row) => row.temp)).toEqual([]);
  });

  it('answers the About Us content, written for the configured firm', async () => {
    const response = await anonymous().get('/api/content');
    expect(response.statusCode).toBe(200);
    const { data } = contentReply.parse(response.json());
    expect(data.html).toContain(`About ${t.config.firm.name}`);
    expect(data.html).toContain(t.config.firm.email);
    expect(data.html).not.toMatch(/<script|on\w+=/i);
    expect(data.updatedAt).toBeNull();
  });

  it('reveals page parameters on the allow-list only, alone or in a comma list', async () => {
    const careers = await anonymous().get('/api/getCustomPageParam/sRshWebCareersHTML');
    expect(careers.statusCode).toBe(200);
    expect(careers.json().name).toBe('sRshWebCareersHTML');
    expect(careers.json().value).toContain('id="open-roles"');

    const privateValue = configurationParameters(t.config).sWebCustomLinks!;
    for (const name of [
      'sWebCustomLinks',
      'sRWReportWaterMarkJSON',
      'sRWClientSubEmailPublicNoBccIDs',
      'nothingHere',
    ]) {
      const response = await anonymous().get(`/api/getCustomPageParam/${name}`);
      expect(response.statusCode, name).toBe(404);
      expect(response.json()).toEqual({ success: false, message: messages.errors.notFound });
    }
    const list = await anonymous().get(
      '/api/getCustomPageParam/sRshWebContactHTML,sWebCustomLinks,nothingHere,sAccessSampleReports',
    );
    expect(list.statusCode).toBe(200);
    expect(list.json().data.map((p: { name: string }) => p.name)).toEqual([
      'sRshWebContactHTML',
      'sAccessSampleReports',
    ]);
    expect(list.body).not.toContain(privateValue);
    expect(list.body).not.toContain('sWebCustomLinks');
    expect((await anonymous().get('/api/getCustomPageParam/sWebCustomLinks,')).json()).toEqual({ data: [] });
    expect((await anonymous().get('/api/getCustomPageParam/sRshWebCareersHTML,')).json().data).toHaveLength(
      1,
    );

    // Allow-listed but stored as not public (an administrator hid it): not revealed either.
    await t.db.update(parameters).set({ isPublic: false }).where(eq(parameters.name, 'sRshWebCareersHTML'));
    try {
      expect((await anonymous().get('/api/getCustomPageParam/sRshWebCareersHTML')).statusCode).toBe(404);
    } finally {
      await t.db.update(parameters).set({ isPublic: true }).where(eq(parameters.name, 'sRshWebCareersHTML'));
    }

    for (const bad of ['bad%20name', '..%2Fx', `${'a,'.repeat(21)}a`]) {
      expect((await anonymous().get(`/api/getCustomPageParam/${bad}`)).statusCode, bad).toBe(400);
    }
    // GET /getParameter keeps its own allow-list.
    expect((await anonymous().get('/api/getParameter/sWebCustomLinks')).statusCode).toBe(404);
  });

  it('seeds every page parameter, and four existing sample reports for /access', async () => {
    const all = await anonymous().get(`/api/getCustomPageParam/${publicPageParameters.join(',')}`);
    expect(all.statusCode, all.body).toBe(200);
    expect(all.json().data.map((p: { name: string }) => p.name)).toEqual([...publicPageParameters]);
    const samples = accessSampleReports.parse(
      JSON.parse((await anonymous().get('/api/getCustomPageParam/sAccessSampleReports')).json().value),
    );
    expect(samples).toHaveLength(4);
    const found = await t.db
      .select({ id: reports.id, title: reports.title })
      .from(reports)
      .where(
        inArray(
          reports.id,
          samples.map((s) => s.id),
        ),
      );
    expect(found.sort((a, b) => a.id - b.id)).toEqual([...samples].sort((a, b) => a.id - b.id));
  });

  it('seeds every configuration parameter of spec 3 section 9, public only where allow-listed', async () => {
    const names = [
      'sRshWebConnAppHeadline',
      'sRshWebConnAppSubHeading',
      'sRshWebConnAppNoAppointments',
      'sConnectConfigJSON',
      'rw_SubtitleHintText',
      'rw_HideTranscriptPanel',
      'rw_CNTBkTalkToThe',
      'bEnableConnectBookings',
      'sRWClientSubTitle',
      'sRWClientSubHeading',
      'sRWClientSubPayDialogText',
      'sRWClientAlreadySubscribedText',
      'sRWClientSubConfigJSON',
      'scUsrMatrixFieldId',
      'scCntMatrixFieldId',
      'sRWClientSubEmailSenderID',
      'sCommonEmailDomain',
      'sRWClientSubEmailPublicNoCCIDs',
      'sRWClientSubEmailPublicNoBccIDs',
      'sRWClientSubEmailPublicYesCCIDs',
      'sRWClientSubEmailPublicYesBccIDs',
      'sRWClientSubEmailExstClientCCIDs',
      'sRWClientSubEmailExstClientBccIDs',
      'sRWClientSubRelevantZAxis',
      'sSubEmlTMPLTSubject',
      'sWebEmlTMPLTExstClient',
      'sWebEmlTMPLTPublicNo',
      'sWebEmlTMPLTPublicYes',
      'sUnsubRsnEmlSubject',
      'sRWClientUnsubRsnEmailSenderID',
      'sWebEmlHdPubType',
      'sUnsubRsnEmlTmplt',
      'sRshWebContactHTML',
      'sUnsubEmlTMPLTSubject',
      'sRWClientUnsubEmailSenderID',
      'sWebUnsubEmlTMPLTExstClient',
      'sWebUnsubEmlTMPLTPublicNo',
      'sWebUnsubEmlTMPLTPublicYes',
      'sRWReportWaterMarkJSON',
      'sWebCustomLinks',
      'rw_CopyLinkTo',
    ];
    const rows = await t.db.select().from(parameters).where(inArray(parameters.name, names));
    expect(rows.map((r) => r.name).sort()).toEqual([...names].sort());
    for (const name of [
      'sConnectConfigJSON',
      'sRWClientSubConfigJSON',
      'sRWReportWaterMarkJSON',
      'sWebCustomLinks',
    ]) {
      expect(() => JSON.parse(rows.find((r) => r.name === name)!.value), name).not.toThrow();
    }
    expect(
      rows
        .filter((r) => r.isPublic)
        .map((r) => r.name)
        .sort(),
    ).toEqual(
      [
        'bEnableConnectBookings',
        'sConnectConfigJSON',
        'rw_CNTBkTalkToThe',
        'sRshWebContactHTML',
        'sCommonEmailDomain',
        'rw_HideTranscriptPanel',
        'rw_SubtitleHintText',
        'sRshWebConnAppHeadline',
        'sRshWebConnAppSubHeading',
        'sRshWebConnAppNoAppointments',
        'sRWClientSubTitle',
        'sRWClientSubHeading',
        'sRWClientSubPayDialogText',
        'sRWClientAlreadySubscribedText',
        'sRWClientSubConfigJSON',
        'sRWClientSubRelevantZAxis',
        'scUsrMatrixFieldId',
        'scCntMatrixFieldId',
      ].sort(),
    );
    // sender and copies are person ids of the firm's staff (issue 12; the demo's are seed/crm.ts's)
    expect(rows.find((r) => r.name === 'sRWClientSubEmailSenderID')?.value).toMatch(/^\d+$/);
  });
});

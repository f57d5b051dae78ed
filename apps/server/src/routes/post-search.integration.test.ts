import type { PostSearchReply, SuggestionsReply } from '@portal/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { posts } from '../db/schema/blogs.ts';
import { users } from '../db/schema/index.ts';
import { blogs } from '../db/schema/site.ts';
import { demoPassword } from '../seed/accounts.ts';
import { catalogueFixtures, fixturePassword } from '../test/catalogue-fixtures.ts';
import { TestClient } from '../test/client.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';

/**
 * Post text in the site search (issue 14): published posts by their words, best first; a snippet of the text only
 * for a reader the post's blog admits (the one access rule), never for the others; drafts never found. The
 * suggestions list posts by title, found by a word of their text too, and never carry text.
 */
describe('GET /posts/search and posts in the suggestions', () => {
  let t: TestApp;
  let subscriber: TestClient;
  let outsider: TestClient;
  let pending: TestClient;
  let admin: TestClient;
  let piPost: number;
  let prePost: number;
  let draft: number;

  const search = async (who: TestClient, q: string, cursor?: string) => {
    const url = `/api/posts/search?q=${encodeURIComponent(q)}${cursor ? `&cursor=${cursor}` : ''}`;
    const response = await who.get(url);
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as PostSearchReply;
  };
  const post = async (values: { key: string; title: string; text: string; publish?: boolean; at?: string }) =>
    (
      await t.db
        .insert(posts)
        .values({
          blogKey: values.key,
          title: values.title,
          html: `<p>${values.text}</p>`,
          bodyText: values.text,
          draft: {},
          publish: values.publish ?? true,
          publishedAt: values.publish === false ? null : new Date(values.at ?? '2030-01-10T08:00:00Z'),
        })
        .returning({ id: posts.id })
    )[0]!.id;

  beforeAll(async () => {
    t = await createTestApp();
    const f = await catalogueFixtures(t.db);
    const metals = await f.sector('Metals');
    const banks = await f.sector('Banks');
    const [client] = await t.db.select().from(users).where(eq(users.email, 'client@demo.test'));
    await f.subscribe(client!.id, [metals]);
    const other = await f.user('banks-only@fixture.test');
    await f.subscribe(other, [banks]);
    await f.user('pending@fixture.test', { activated: false });
    await t.db.insert(blogs).values([
      {
        key: 'metals-desk',
        topic: 'Metals Desk',
        createdAt: t.clock(),
        accessType: 'pi',
        selectedSectors: [metals],
      },
      { key: 'open-notes', topic: 'Open Notes', createdAt: t.clock(), accessType: 'pre' },
    ]);
    piPost = await post({
      key: 'metals-desk',
      title: 'Supply notes',
      text: 'Molybdenum output at the Chilean mines fell for a third month; smelter margins <b>narrowed</b> & more.',
    });
    prePost = await post({
      key: 'open-notes',
      title: 'Molybdenum in one chart',
      text: 'A short public note on prices.',
      at: '2030-01-05T08:00:00Z',
    });
    draft = await post({
      key: 'open-notes',
      title: 'Unpublished molybdenum thoughts',
      text: 'Molybdenum draft text that nobody may see.',
      publish: false,
    });
    subscriber = await TestClient.signedIn(t.app, 'client@demo.test', demoPassword);
    outsider = await TestClient.signedIn(t.app, 'banks-only@fixture.test', fixturePassword);
    pending = await TestClient.signedIn(t.app, 'pending@fixture.test', fixturePassword);
    admin = await TestClient.signedIn(t.app, 'admin@demo.test', demoPassword);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('finds published posts by a word of the text or title, the title hit first; drafts never', async () => {
    const reply = await search(subscriber, 'molybdenum');
    expect(reply.total).toBe(2);
    expect(reply.data.map((hit) => hit.id)).toEqual([prePost, piPost]);
    expect(reply.data[1]).toMatchObject({
      title: 'Supply notes',
      key: 'metals-desk',
      blogTopic: 'Metals Desk',
      published_date: '2030-01-10T08:00:00.000Z',
    });
    for (const who of [subscriber, outsider, pending, admin]) {
      expect((await search(who, 'molybdenum')).data.map((hit) => hit.id)).not.toContain(draft);
      expect((await search(who, 'unpublished thoughts')).total).toBe(0);
    }
    // the report search's word handling: the last word as a prefix, and exclusions
    expect((await search(subscriber, 'molybd')).total).toBe(2);
    expect((await search(subscriber, 'molybdenum -chilean')).data.map((hit) => hit.id)).toEqual([prePost]);
  });

  it('a pi post: a snippet (text escaped, hits in <mark>) for the subscriber and the admin, null for the others', async () => {
    const mine = (await search(subscriber, 'smelter margins')).data;
    expect(mine).toHaveLength(1);
    expect(mine[0]!.entitled).toBe(true);
    expect(mine[0]!.snippet).toContain('<mark>smelter</mark>');
    // the text's own markup never comes through as markup (ts_headline drops tags; the rest is escaped)
    expect(mine[0]!.snippet).toContain('&amp; more');
    expect(mine[0]!.snippet!.replaceAll(/<\/?mark>/g, '')).not.toMatch(/[<>]/);
    expect((await search(admin, 'smelter')).data[0]).toMatchObject({ entitled: true });
    expect((await search(admin, 'smelter')).data[0]!.snippet).toContain('<mark>');
    for (const who of [outsider, pending]) {
      const [hit] = (await search(who, 'smelter margins')).data;
      expect(hit).toMatchObject({ id: piPost, title: 'Supply notes', entitled: false, snippet: null });
      expect(JSON.stringify(await search(who, 'molybdenum'))).not.toContain('Chilean');
    }
    // a public post reads for anyone signed in
    const [open] = (await search(outsider, 'prices')).data;
    expect(open).toMatchObject({ id: prePost, entitled: true });
    expect(open!.snippet).toContain('<mark>prices</mark>');
  });

  it('pages of 10 with an opaque cursor and a total; a forged cursor is a 400; anonymous is 401', async () => {
    for (let i = 0; i < 12; i += 1)
      await post({
        key: 'open-notes',
        title: `Tungsten note ${i}`,
        text: 'Tungsten.',
        at: `2030-01-0${1 + (i % 9)}T00:00:00Z`,
      });
    const first = await search(subscriber, 'tungsten');
    expect(first.total).toBe(12);
    expect(first.data).toHaveLength(10);
    expect(first.next).toBeTruthy();
    const second = await search(subscriber, 'tungsten', first.next!);
    expect(second.data).toHaveLength(2);
    expect(second.next).toBeNull();
    const ids = [...first.data, ...second.data].map((hit) => hit.id);
    expect(new Set(ids).size).toBe(12);
    for (const cursor of ['nope', 'x'.repeat(201), Buffer.from('o|999999|2').toString('base64url')]) {
      const response = await subscriber.get(`/api/posts/search?q=tungsten&cursor=${cursor}`);
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json().message).toBeTruthy();
    }
    for (const url of ['/api/posts/search', '/api/posts/search?q=', `/api/posts/search?q=${'a'.repeat(201)}`])
      expect((await subscriber.get(url)).statusCode).toBe(400);
    // no words at all (punctuation only) finds nothing, without an error
    expect((await search(subscriber, '"" - !!')).total).toBe(0);
    const anonymous = await new TestClient(t.app).start();
    expect((await anonymous.get('/api/posts/search?q=tungsten')).statusCode).toBe(401);
  });

  it('the suggestions list a published post by a word of its text, never a draft, never its text', async () => {
    const response = await outsider.get('/api/reports/suggestions?q=smelter');
    expect(response.statusCode, response.body).toBe(200);
    const reply = response.json() as SuggestionsReply;
    expect(reply.posts.map((p) => p.id)).toEqual([piPost]);
    expect(Object.keys(reply.posts[0]!).sort()).toEqual(['id', 'key', 'published_date', 'title']);
    expect(response.body).not.toContain('Chilean');
    const drafts = (await admin.get('/api/reports/suggestions?q=unpublished')).json() as SuggestionsReply;
    expect(drafts.posts).toEqual([]);
  });

  it('the search finds every post the suggestions list (a word, a prefix, a phrase, a title word)', async () => {
    for (const q of [
      'molybdenum',
      'molybd',
      'smelter margins',
      'chart',
      'supply',
      'olybdenum',
      'chilean mine',
    ]) {
      const suggested = (
        (
          await subscriber.get(`/api/reports/suggestions?q=${encodeURIComponent(q)}`)
        ).json() as SuggestionsReply
      ).posts.map((p) => p.id);
      const found = (
        (await subscriber.get(`/api/posts/search?q=${encodeURIComponent(q)}`)).json() as PostSearchReply
      ).data.map((p) => p.id);
      for (const id of suggested) expect(found, `'${q}' suggested post ${id}`).toContain(id);
    }
    // a prefix of the title's word is suggested and found
    const prefix = (await subscriber.get('/api/reports/suggestions?q=molybd')).json() as SuggestionsReply;
    expect(prefix.posts.map((p) => p.id).sort()).toEqual([piPost, prePost].sort());
  });
});

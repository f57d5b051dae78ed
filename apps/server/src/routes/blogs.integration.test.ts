import {
  associatedResearchReply,
  blogInfosReply,
  messagesBlogs,
  postPageReply,
  postRefusalReply,
  postReply,
  postsReply,
  suggestionsReply,
} from '@portal/contract';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { blogs, posts, postVisits } from '../db/schema/index.ts';
import { demoPassword } from '../seed/accounts.ts';
import { type CatalogueFixtures, catalogueFixtures, fixturePassword } from '../test/catalogue-fixtures.ts';
import { TestClient } from '../test/client.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';

const e = messagesBlogs.errors;
const draft = { type: 'doc', content: [] };

/**
 * Blogs and posts (issue 14): blog config and order, posts written with sanitised HTML, published and read under
 * the blog's access level (pre, npi, pi) by every kind of caller; drafts never reach readers.
 */
describe('blogs and posts', () => {
  let t: TestApp;
  let f: CatalogueFixtures;
  let admin: TestClient;
  let npi: TestClient;
  let subscriber: TestClient;
  let outsider: TestClient;
  let pending: TestClient;
  let ports: number;
  const blogKeys = {} as Record<'pre' | 'npi' | 'pi', string>;
  const postIds = {} as Record<'pre' | 'npi' | 'pi', number>;
  const anonymous = () => new TestClient(t.app).start();

  const createBlog = async (body: Record<string, unknown>) => {
    const response = await admin.post('/api/blog/config', { subtitle: 'Notes', ...body });
    expect(response.statusCode, response.body).toBe(200);
    return response.json().data as { key: string; footerHTML: string | null };
  };
  const createPost = async (key: string, title: string, html = `<p>${title} text of the note.</p>`) => {
    const response = await admin.post('/api/blog/createPost', { title, html, draft, key });
    expect(response.statusCode, response.body).toBe(200);
    return postReply.parse(response.json()).data;
  };
  const publish = async (id: number) => {
    const response = await admin.get(`/api/publishPost?id=${id}`);
    expect(response.statusCode, response.body).toBe(200);
    return postsReply.parse(response.json());
  };

  beforeAll(async () => {
    t = await createTestApp({ env: { CACHE_TTL_MS: '60000' } });
    f = await catalogueFixtures(t.db);
    ports = await f.sector('Ports');
    const rail = await f.sector('Rail');
    const banks = await f.sector('Banks');
    const subscriberId = await f.user('sub@fixture.test');
    await f.subscribe(subscriberId, [ports]);
    const outsiderId = await f.user('out@fixture.test');
    await f.subscribe(outsiderId, [banks]);
    const pendingId = await f.user('pending@fixture.test', { activated: false });
    await f.subscribe(pendingId, [ports]);
    await f.user('npi@fixture.test', { type: 'npi' });
    admin = await TestClient.signedIn(t.app, 'admin@demo.test', demoPassword);
    npi = await TestClient.signedIn(t.app, 'npi@fixture.test', fixturePassword);
    subscriber = await TestClient.signedIn(t.app, 'sub@fixture.test', fixturePassword);
    outsider = await TestClient.signedIn(t.app, 'out@fixture.test', fixturePassword);
    pending = await TestClient.signedIn(t.app, 'pending@fixture.test', fixturePassword);
    blogKeys.pre = (await createBlog({ topic: 'Open notes', accessType: 'pre' })).key;
    blogKeys.npi = (await createBlog({ topic: 'Member notes', accessType: 'npi' })).key;
    blogKeys.pi = (
      await createBlog({ topic: 'Port notes', accessType: 'pi', selectedSectors: [ports, rail] })
    ).key;
    for (const level of ['pre', 'npi', 'pi'] as const) {
      postIds[level] = (
        await createPost(
          blogKeys[level],
          `${level} post`,
          `<p>${level} body words</p><img src="/api/media/posts/a.png" alt="">`,
        )
      ).id;
      await publish(postIds[level]);
    }
  }, 120_000);
  afterAll(async () => {
    await t?.close();
  });

  it('creates and updates blogs: sanitised disclaimer, known sectors only, unknown key 404, tab order last', async () => {
    const blog = await createBlog({
      topic: 'Config',
      accessType: 'npi',
      footerHTML:
        '<p onclick="x()">Not advice.<script>alert(1)</script><a href="javascript:alert(1)">x</a></p>',
    });
    expect(blog.key).toMatch(/^[0-9a-f-]{36}$/);
    expect(blog.footerHTML).toBe('<p>Not advice.<a rel="noopener noreferrer">x</a></p>');
    const unknown = await admin.post('/api/blog/config', {
      topic: 'X',
      subtitle: 'Y',
      accessType: 'pi',
      selectedSectors: [999_999_999],
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toBe(e.unknownSectors);
    // The author: one of Our People that exists, and an e-mail that is an address (it becomes a mailto link).
    const base = { topic: 'X', subtitle: 'Y', accessType: 'pre' };
    const ghost = await admin.post('/api/blog/config', {
      ...base,
      author: { id: 999_999_999, name: 'Ghost', email: '', extraHTML: '' },
    });
    expect(ghost.statusCode).toBe(400);
    expect(ghost.json().message).toBe(e.unknownAuthor);
    const badEmail = await admin.post('/api/blog/config', {
      ...base,
      author: { id: null, name: 'Ana', email: 'javascript:alert(1)', extraHTML: '' },
    });
    expect(badEmail.statusCode).toBe(400);
    expect(JSON.stringify(badEmail.json())).toContain(messagesBlogs.validation.authorEmailInvalid);
    const missing = await admin.post('/api/blog/config', {
      key: 'nope',
      topic: 'X',
      subtitle: 'Y',
      accessType: 'pre',
    });
    expect(missing.statusCode).toBe(404);
    const updated = await admin.post('/api/blog/config', {
      key: blog.key,
      topic: 'Renamed',
      subtitle: 'S',
      accessType: 'pre',
    });
    expect(updated.json().data).toMatchObject({ key: blog.key, topic: 'Renamed', accessType: 'pre' });
    const list = blogInfosReply.parse((await anonymous().then((c) => c.get('/api/blogs'))).json()).data;
    expect(list.at(-1)?.key).toBe(blog.key);
    await admin.get(`/api/deleteFavourite?key=${blog.key}`);
  });

  it('sanitises posts on write: no script, onerror, javascript: or style comes back; only a script is empty', async () => {
    const hostile =
      '<p style="color:red" onclick="x()">Hello <a href="javascript:alert(1)">bad</a> <a href="https://ok.example/" target="_blank">ok</a></p>' +
      '<img src="/api/media/posts/x.png" onerror="alert(1)"><img src="data:image/png;base64,AAAA"><img src="/api/media/posts/../../secret">' +
      '<script>alert(1)</script><style>p{}</style><iframe src="https://evil.example"></iframe><h2>Title</h2>';
    const created = await createPost(blogKeys.pre, 'Hostile', hostile);
    const data = postPageReply.parse((await admin.get(`/api/post/${created.id}`)).json()).data.post;
    for (const html of [created.html, data.html]) {
      expect(html).not.toMatch(/script|onerror|onclick|javascript:|style|data:|iframe|\.\./i);
      expect(html).toContain(
        '<a rel="noopener noreferrer" href="https://ok.example/" target="_blank">ok</a>',
      );
      expect(html).toContain('<img src="/api/media/posts/x.png" />');
    }
    const [row] = await t.db.select().from(posts).where(eq(posts.id, created.id));
    expect(row!.bodyText).toBe('Hello bad ok Title');
    expect(row!.words).toBe(4);
    expect(row!.image).toBe('/api/media/posts/x.png');
    const before = await t.db.select({ n: count() }).from(posts);
    for (const html of ['<script>alert(1)</script>', '<p> </p><img src="/api/media/nowhere/x.png">']) {
      const empty = await admin.post('/api/blog/createPost', {
        title: 'Empty',
        html,
        draft,
        key: blogKeys.pre,
      });
      expect(empty.statusCode).toBe(400);
      expect(empty.json().message).toBe(e.emptyText);
    }
    expect(await t.db.select({ n: count() }).from(posts)).toEqual(before);
    await admin.get(`/api/post/delete?id=${created.id}`);
  });

  it('keeps only pictures of our own media in posts, the disclaimer and the author block (issue 21)', async () => {
    const foreign = [
      'https://cdn.example/beacon.png',
      'http://cdn.example/beacon.png',
      '//cdn.example/beacon.png',
      'HTTPS://CDN.EXAMPLE/BEACON.PNG',
      'https:/cdn.example/beacon.png',
      '/api/media/private/x.png',
      '/api/files/x.png',
      'data:image/png;base64,AAAA',
    ];
    const pictures = foreign.map((src) => `<img src="${src}" alt="x">`).join('');
    const own =
      '<img src="/api/media/posts/own.png" alt="ours"><img src="/api/media/analysts/7.png" alt="analyst">';
    const created = await createPost(blogKeys.pre, 'Pictures', `<p>Pictures</p>${pictures}${own}`);
    const blog = await createBlog({
      topic: 'Pictures',
      accessType: 'pre',
      footerHTML: `<p>Not advice.</p>${pictures}${own}`,
      author: { id: null, name: 'Ana', email: '', extraHTML: `<p>Ana</p>${pictures}${own}` },
    });
    const stored = [
      created.html,
      postPageReply.parse((await admin.get(`/api/post/${created.id}`)).json()).data.post.html,
      blog.footerHTML ?? '',
      (blog as unknown as { author: { extraHTML: string } }).author.extraHTML,
    ];
    for (const html of stored) {
      expect(html).not.toMatch(/cdn\.example|CDN\.EXAMPLE|data:|\/api\/media\/private|\/api\/files/);
      expect(html).toContain('<img src="/api/media/posts/own.png" alt="ours" />');
      expect(html).toContain('<img src="/api/media/analysts/7.png" alt="analyst" />');
    }
    const [row] = await t.db.select().from(posts).where(eq(posts.id, created.id));
    expect(row!.image).toBe('/api/media/posts/own.png');
    await admin.get(`/api/post/delete?id=${created.id}`);
  });

  it("validates the draft against the editor's schema on create and update: nothing stored on a refusal", async () => {
    const v = messagesBlogs.validation;
    const doc = (...content: unknown[]) => ({ type: 'doc', content });
    const paragraph = (...content: unknown[]) => ({ type: 'paragraph', content });
    const text = (value: string, marks?: unknown[]) => ({
      type: 'text',
      text: value,
      ...(marks ? { marks } : {}),
    });
    const link = (href: string) =>
      paragraph(text('here', [{ type: 'link', attrs: { href, target: '_blank' } }]));
    const image = (src: string) => ({
      type: 'image',
      attrs: { src, alt: 'x', title: null, width: 400, height: 300 },
    });
    // what the editor makes: every node and mark of its schema, our links and our pictures
    const valid = doc(
      {
        type: 'heading',
        attrs: { level: 2 },
        content: [text('Title', [{ type: 'bold' }, { type: 'italic' }])],
      },
      paragraph(text('a', [{ type: 'underline' }, { type: 'strike' }, { type: 'code' }]), {
        type: 'hardBreak',
      }),
      { type: 'blockquote', content: [paragraph(text('quote'))] },
      { type: 'bulletList', content: [{ type: 'listItem', content: [paragraph(text('one'))] }] },
      {
        type: 'orderedList',
        attrs: { start: 1, type: null },
        content: [{ type: 'listItem', content: [paragraph()] }],
      },
      { type: 'codeBlock', attrs: { language: null }, content: [text('x = 1')] },
      { type: 'horizontalRule' },
      link('https://example.org/a'),
      link('http://example.org/a'),
      link('mailto:desk@example.org'),
      link('/research?sector=3'),
      link('#notes'),
      image('/api/media/posts/chart.png'),
    );
    const refused: [unknown, string][] = [
      [doc(image('https://cdn.example/beacon.png')), v.draftImageInvalid],
      [doc(image('javascript:alert(1)')), v.draftImageInvalid],
      [doc(image('data:image/png;base64,AAAA')), v.draftImageInvalid],
      [doc(image('/api/media/posts/../../secret')), v.draftImageInvalid],
      [doc({ type: 'image', attrs: { alt: 'no source' } }), v.draftImageInvalid],
      [doc(link('javascript:alert(1)')), v.draftLinkInvalid],
      [doc(link(' java\tscript:alert(1)')), v.draftLinkInvalid],
      [doc(link('data:text/html,<script>alert(1)</script>')), v.draftLinkInvalid],
      [doc(link('//evil.example/x')), v.draftLinkInvalid],
      [doc(link('/\\evil.example/x')), v.draftLinkInvalid],
      [doc(paragraph(text('x', [{ type: 'link', attrs: {} }]))), v.draftLinkInvalid],
      [doc({ type: 'iframe', attrs: { src: 'https://evil.example' } }), v.draftNodeInvalid('iframe')],
      [doc(paragraph({ type: 'mention', attrs: { id: 1 } })), v.draftNodeInvalid('mention')],
      [
        doc(paragraph(text('x', [{ type: 'textStyle', attrs: { color: 'red' } }]))),
        v.draftMarkInvalid('textStyle'),
      ],
      [{ type: 'paragraph', content: [] }, v.draftInvalid],
      [doc(paragraph(text('x', [{ type: 'link', attrs: { href: { nested: 'object' } } }]))), v.draftInvalid],
      [doc({ type: 'text' }), v.draftInvalid],
      [doc({ type: 'paragraph', content: 'not a list' }), v.draftInvalid],
    ];
    const before = await t.db.select({ n: count() }).from(posts);
    for (const [bad, message] of refused) {
      const response = await admin.post('/api/blog/createPost', {
        title: 'Bad draft',
        html: '<p>x</p>',
        draft: bad,
        key: blogKeys.pre,
      });
      expect(response.statusCode, JSON.stringify(bad)).toBe(400);
      expect(response.json().message, JSON.stringify(bad)).toBe(message);
    }
    expect(await t.db.select({ n: count() }).from(posts)).toEqual(before);

    const created = await admin.post('/api/blog/createPost', {
      title: 'Good draft',
      html: '<p>x</p>',
      draft: valid,
      key: blogKeys.pre,
    });
    expect(created.statusCode, created.body).toBeLessThan(300);
    const id = postReply.parse(created.json()).data.id;
    for (const [bad, message] of refused.slice(0, 6)) {
      const response = await admin.post(`/api/post/updatePost/${id}`, {
        title: 'Changed',
        html: '<p>changed</p>',
        draft: bad,
        key: blogKeys.pre,
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe(message);
    }
    const [row] = await t.db.select().from(posts).where(eq(posts.id, id));
    expect(row!.title).toBe('Good draft');
    expect(row!.draft).toEqual(valid);
    await admin.get(`/api/post/delete?id=${id}`);
  });

  it('applies each access level to each caller on the post page, never sending the body without access', async () => {
    const expected: Record<string, Record<'pre' | 'npi' | 'pi', number>> = {
      anonymous: { pre: 200, npi: 401, pi: 401 },
      npi: { pre: 200, npi: 200, pi: 403 },
      subscriber: { pre: 200, npi: 200, pi: 200 },
      outsider: { pre: 200, npi: 200, pi: 403 },
      pending: { pre: 200, npi: 200, pi: 403 },
      admin: { pre: 200, npi: 200, pi: 200 },
    };
    const callers: Record<string, TestClient> = {
      anonymous: await anonymous(),
      npi,
      subscriber,
      outsider,
      pending,
      admin,
    };
    for (const [name, client] of Object.entries(callers)) {
      for (const level of ['pre', 'npi', 'pi'] as const) {
        const response = await client.get(`/api/post/${postIds[level]}`);
        expect(response.statusCode, `${name} ${level}`).toBe(expected[name]![level]);
        if (response.statusCode === 200) {
          const { data } = postPageReply.parse(response.json());
          expect(data.post.html).toContain(`${level} body words`);
          expect(data.post.draft).toEqual(name === 'admin' ? draft : null);
          // a signed-in reader's read is a visit; admins' and anonymous reads are not
          expect(data.visit === null, `${name} ${level} visit`).toBe(
            name === 'admin' || name === 'anonymous',
          );
          continue;
        }
        expect(response.body, `${name} ${level}`).not.toContain('body words');
        const refusal = postRefusalReply.parse(response.json());
        expect(refusal).not.toHaveProperty('post.html');
        expect(refusal.requiresLogin).toBe(response.statusCode === 401);
        expect(refusal.post.id).toBe(postIds[level]);
        if (response.statusCode === 401) expect(refusal.error).toBe(messagesBlogs.refusal.signIn);
        else if (name === 'pending') expect(refusal.error).toBe(messagesBlogs.refusal.notActivated);
        else expect(refusal.error).toBe(messagesBlogs.refusal.subscribers('Ports and Rail'));
        // the side panel answers the same
        const side = await client.get(`/api/post/associatedResearch/${postIds[level]}`);
        expect(side.statusCode).toBe(response.statusCode);
      }
    }
    // visits are written in batches: the recorder's flush is what every reader of visits waits for
    await t.app.services.visitRecorder.flush();
    const visits = await t.db.select({ n: count() }).from(postVisits);
    expect(visits[0]!.n).toBe(3 + 2 + 2 + 2);
  });

  it('lists cards newest first with keyset pages; excerpt and image only with access', async () => {
    const all = async (client: TestClient, query: string) => {
      const seen: number[] = [];
      let cursor: string | null = null;
      do {
        const response = await client.get(
          `/api/blog/getPosts?limit=1${query}${cursor ? `&cursor=${cursor}` : ''}`,
        );
        expect(response.statusCode, response.body).toBe(200);
        const page = postsReply.parse(response.json());
        seen.push(...page.data.map((card) => card.id));
        cursor = page.next;
      } while (cursor);
      return seen;
    };
    const ids = [postIds.pi, postIds.npi, postIds.pre];
    expect((await all(await anonymous(), '')).filter((id) => ids.includes(id))).toEqual(ids);
    expect(await all(outsider, `&key=${blogKeys.pi}`)).toEqual([postIds.pi]);
    const cards = postsReply.parse((await outsider.get('/api/blog/getPosts?limit=50')).json()).data;
    const byId = new Map(cards.map((card) => [card.id, card]));
    expect(byId.get(postIds.pi)).toMatchObject({
      entitled: false,
      excerpt: null,
      image: null,
      requiresLogin: true,
    });
    expect(byId.get(postIds.npi)).toMatchObject({
      entitled: true,
      excerpt: 'npi body words',
      image: '/api/media/posts/a.png',
      readMinutes: 1,
      blogTopic: 'Member notes',
    });
    const bad = await outsider.get('/api/blog/getPosts?cursor=bm90LWEtY3Vyc29y');
    expect(bad.statusCode).toBe(400);
    expect((await outsider.get('/api/blog/getPosts?key=unknown-blog')).statusCode).toBe(404);
    expect((await outsider.get('/api/blog/getPosts?publish=maybe')).statusCode).toBe(400);
  });

  it('keeps drafts from readers: not listed, 404 on the page and the side panel, 403 on the drafts list', async () => {
    const post = await createPost(blogKeys.pre, 'Secret draft');
    for (const client of [await anonymous(), subscriber]) {
      expect((await client.get(`/api/post/${post.id}`)).statusCode).toBe(404);
      expect((await client.get(`/api/post/associatedResearch/${post.id}`)).statusCode).toBe(404);
      expect((await client.get('/api/blog/getPosts?publish=false')).statusCode).toBe(403);
      expect((await client.get('/api/blog/getPosts?limit=50')).body).not.toContain('Secret draft');
    }
    const drafts = postsReply.parse((await admin.get('/api/blog/getPosts?publish=false&limit=50')).json());
    expect(drafts.data.map((card) => card.id)).toContain(post.id);
    expect((await admin.get(`/api/post/${post.id}`)).statusCode).toBe(200);
    await admin.get(`/api/post/delete?id=${post.id}`);
  });

  it('publishes and unpublishes, replying the list the post left; a reader sees each change on the next request', async () => {
    const post = await createPost(blogKeys.pre, 'Copper outlook');
    const key = blogKeys.pre;
    const afterPublish = await publish(post.id);
    expect(afterPublish.data.every((card) => !card.publish)).toBe(true);
    expect(afterPublish.data.map((card) => card.id)).not.toContain(post.id);
    // the reader reads it, and finds it in the suggestions (cached for a minute: the write dropped them)
    const suggestions = async () =>
      suggestionsReply.parse((await subscriber.get('/api/reports/suggestions?q=copper')).json()).posts;
    expect((await subscriber.get(`/api/post/${post.id}`)).statusCode).toBe(200);
    expect((await suggestions()).map((p) => p.id)).toContain(post.id);
    const update = await admin.post(`/api/post/updatePost/${post.id}`, {
      title: 'Copper outlook revised',
      html: '<p>Revised text</p>',
      draft,
      key,
    });
    expect(update.statusCode, update.body).toBe(200);
    const read = postPageReply.parse((await subscriber.get(`/api/post/${post.id}`)).json());
    expect(read.data.post).toMatchObject({ title: 'Copper outlook revised', html: '<p>Revised text</p>' });
    expect((await suggestions()).find((p) => p.id === post.id)?.title).toBe('Copper outlook revised');
    const unpublished = await admin.get(`/api/unPublishPost?id=${post.id}&key=${key}`);
    const list = postsReply.parse(unpublished.json());
    expect(list.data.every((card) => card.publish && card.key === key)).toBe(true);
    expect((await subscriber.get(`/api/post/${post.id}`)).statusCode).toBe(404);
    expect((await suggestions()).map((p) => p.id)).not.toContain(post.id);
    expect((await admin.get('/api/publishPost?id=999999')).statusCode).toBe(404);
    expect(
      (await admin.post('/api/post/updatePost/999999', { title: 'x', html: '<p>x</p>', draft, key }))
        .statusCode,
    ).toBe(404);
    expect(
      (await admin.post('/api/blog/createPost', { title: 'x', html: '<p>x</p>', draft, key: 'no-such-blog' }))
        .statusCode,
    ).toBe(404);
    expect((await admin.get(`/api/post/delete?id=${post.id}`)).statusCode).toBe(200);
    expect((await admin.get(`/api/post/delete?id=${post.id}`)).statusCode).toBe(404);
  });

  it("drops cached posts on a blog's change: a reader is refused on the next read once the blog needs a sector", async () => {
    const blog = await createBlog({ topic: 'Changing notes', accessType: 'pre' });
    const post = await createPost(blog.key, 'Tolls and tariffs');
    await publish(post.id);
    expect((await outsider.get(`/api/post/${post.id}`)).statusCode).toBe(200);
    const change = await admin.post('/api/blog/config', {
      key: blog.key,
      topic: 'Changing notes',
      subtitle: 'Notes',
      accessType: 'pi',
      selectedSectors: [ports],
    });
    expect(change.statusCode, change.body).toBe(200);
    const refused = await outsider.get(`/api/post/${post.id}`);
    expect(refused.statusCode).toBe(403);
    expect(refused.body).not.toContain('Tolls and tariffs text');
    expect((await subscriber.get(`/api/post/${post.id}`)).statusCode).toBe(200);
  });

  it('records each reader visit through the batch recorder; a visit of a post deleted before the flush is skipped', async () => {
    const post = await createPost(blogKeys.pre, 'Short-lived note');
    await publish(post.id);
    await t.app.services.visitRecorder.flush();
    const before = (await t.db.select({ n: count() }).from(postVisits))[0]!.n;
    const visits = new Set<string>();
    for (let i = 0; i < 5; i++) {
      const read = postPageReply.parse((await subscriber.get(`/api/post/${post.id}`)).json());
      visits.add(String(read.data.visit));
    }
    expect(visits.size).toBe(5);
    await t.app.services.visitRecorder.flush();
    expect((await t.db.select({ n: count() }).from(postVisits))[0]!.n).toBe(before + 5);
    // a read, then the post deleted before the batch is written: the batch writes nothing for it, and no error
    const gone = await createPost(blogKeys.pre, 'Deleted note');
    await publish(gone.id);
    expect((await subscriber.get(`/api/post/${gone.id}`)).statusCode).toBe(200);
    expect((await admin.get(`/api/post/delete?id=${gone.id}`)).statusCode).toBe(200);
    await t.app.services.visitRecorder.flush();
    expect((await t.db.select({ n: count() }).from(postVisits))[0]!.n).toBe(before + 5);
  });

  it('reorders blogs with exactly the existing keys, and refuses deleting a blog that has posts', async () => {
    const current = blogInfosReply.parse((await admin.get('/api/blogs')).json()).data.map((b) => b.key);
    const reversed = [...current].reverse();
    for (const keys of [current.slice(1), [...current, current[0]], [...current.slice(1), 'unknown']]) {
      const refused = await admin.post('/api/updateBlogsList', { keys });
      expect(refused.statusCode).toBe(409);
      expect(refused.json().message).toBe(messagesBlogs.validation.orderInvalid);
    }
    expect(blogInfosReply.parse((await admin.get('/api/blogs')).json()).data.map((b) => b.key)).toEqual(
      current,
    );
    const reordered = await admin.post('/api/updateBlogsList', { keys: reversed });
    expect(reordered.json().data.map((b: { key: string }) => b.key)).toEqual(reversed);
    const reader = blogInfosReply.parse((await (await anonymous()).get('/api/blogs')).json()).data;
    expect(reader.map((b) => b.key)).toEqual(reversed);
    const withPosts = await admin.get(`/api/deleteFavourite?key=${blogKeys.pi}`);
    expect(withPosts.statusCode).toBe(409);
    expect(withPosts.json().message).toBe(e.blogHasPosts(1));
    const empty = await createBlog({ topic: 'Empty', accessType: 'pre' });
    const deleted = await admin.get(`/api/deleteFavourite?key=${empty.key}`);
    expect(deleted.statusCode).toBe(200);
    expect((await t.db.select().from(blogs).where(eq(blogs.key, empty.key))).length).toBe(0);
    expect((await admin.get(`/api/deleteFavourite?key=${empty.key}`)).statusCode).toBe(404);
  });

  it('saves associated research in order (at most 10, known reports) and builds the side panel', async () => {
    const a = await f.report({ title: 'Report A', publishedAt: '2030-01-02T00:00:00Z', sectorId: ports });
    const b = await f.report({ title: 'Report B', publishedAt: '2030-01-03T00:00:00Z', mustRead: true });
    await f.view(a, '2030-01-14T00:00:00Z', 3);
    const id = postIds.npi;
    const empty = associatedResearchReply.parse((await npi.get(`/api/post/associatedResearch/${id}`)).json());
    expect(empty.data).toEqual([]);
    expect(empty.mustRead.map((r) => r.id)).toEqual([b]);
    expect(empty.mostViewed.map((r) => r.id)).toEqual([a]);
    const save = (sResearches: string) =>
      admin.post('/api/post/saveBlogResearch', { iPostID: id, sResearches });
    const saved = await save(`${b},${a},${b}`);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(associatedResearchReply.parse(saved.json()).data.map((r) => r.id)).toEqual([b, a]);
    const side = associatedResearchReply.parse((await npi.get(`/api/post/associatedResearch/${id}`)).json());
    expect(side.data.map((r) => r.title)).toEqual(['Report B', 'Report A']);
    expect(side.mostViewed).toEqual([]);
    const tooMany = await save(Array.from({ length: 11 }, (_, i) => a + i + 1000).join(','));
    expect(tooMany.json().message).toBe(messagesBlogs.validation.tooManyResearch);
    const unknown = await save(`${a},999999`);
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toBe(messagesBlogs.validation.unknownResearch);
    expect(
      (await admin.post('/api/post/saveBlogResearch', { iPostID: 999999, sResearches: '' })).statusCode,
    ).toBe(404);
    // refusals changed nothing
    const kept = associatedResearchReply.parse((await npi.get(`/api/post/associatedResearch/${id}`)).json());
    expect(kept.data.map((r) => r.id)).toEqual([b, a]);
  });

  it('answers bad input with a 4xx: malformed JSON, wrong types, NUL bytes, bad ids', async () => {
    const raw = (url: string, payload: string) =>
      admin.request('POST', url, { body: payload, headers: { 'content-type': 'application/json' } });
    const cases = [
      await raw('/api/blog/createPost', '{"title":'),
      await admin.post('/api/blog/createPost', { title: 5, html: [], draft: 'x', key: blogKeys.pre }),
      await admin.post('/api/blog/createPost', {
        title: 'a\u0000b',
        html: '<p>x</p>',
        draft,
        key: blogKeys.pre,
      }),
      await admin.post('/api/blog/createPost', {
        title: 't',
        html: '<p>x</p>',
        draft: { a: 'x\u0000' },
        key: blogKeys.pre,
      }),
      await admin.post('/api/blog/config', { topic: 'x', subtitle: 'y', accessType: 'all' }),
      await admin.post('/api/updateBlogsList', { keys: 'a' }),
      await admin.post('/api/post/saveBlogResearch', { iPostID: 'x', sResearches: '1;2' }),
      await admin.get('/api/post/delete?id=-1'),
      await admin.get('/api/post/1e400'),
      await admin.get('/api/post/associatedResearch/abc'),
      await admin.get('/api/deleteFavourite?key=%00'),
      await raw(
        `/api/post/updatePost/${postIds.pre}`,
        JSON.stringify({ title: 't', html: 'x'.repeat(2_000_000), draft, key: blogKeys.pre }),
      ),
    ];
    for (const response of cases) {
      expect(response.statusCode, response.body).toBeGreaterThanOrEqual(400);
      expect(response.statusCode, response.body).toBeLessThan(500);
    }
  });
});

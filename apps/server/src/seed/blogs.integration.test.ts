import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq, inArray } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbHandle } from '../db/client.ts';
import { migrate } from '../db/migrate.ts';
import { postResearch, posts, postVisits } from '../db/schema/blogs.ts';
import { reports, users } from '../db/schema/index.ts';
import { blogs } from '../db/schema/site.ts';
import { createLocalChangeFeed } from '../modules/changes/change-feed.ts';
import { createEntitlementsService } from '../modules/entitlements/entitlements.service.ts';
import { createStorage } from '../modules/storage/storage.ts';
import {
  createTestClock,
  createTestDatabase,
  silentLog,
  type TestDatabase,
  testConfig,
} from '../test/test-app.ts';
import { blogsSeed } from './blogs.ts';
import { demoBlogKeys } from './blogs-content.ts';
import { seedCatalogue } from './catalogue.ts';
import { runPendingSeeds, type SeedContext } from './index.ts';

let database: TestDatabase;
let handle: DbHandle;
let dataDir: string;
let ctx: SeedContext;

beforeAll(async () => {
  database = await createTestDatabase();
  handle = await database.open();
  await migrate(handle);
  dataDir = await mkdtemp(path.join(tmpdir(), 'portal-blogs-'));
  const config = testConfig({ DATA_DIR: dataDir });
  ctx = { db: handle.db, config, clock: createTestClock(), log: silentLog, storage: createStorage(config) };
  // Every seed in its order, with a small catalogue (60 reports) for the associated research.
  await runPendingSeeds(ctx, { skip: ['catalogue', 'site', 'crm', 'users-admin', 'blogs'] });
  await seedCatalogue(ctx, { reports: 60 });
  // (the CONNECT demo, a later module, is not this file's subject)
  expect(await runPendingSeeds(ctx, { skip: ['catalogue', 'connect'] })).toEqual([
    'site',
    'crm',
    'users-admin',
    'blogs',
  ]);
}, 180_000);
afterAll(async () => {
  await handle?.close();
  await database?.destroy();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

describe('blogs demo seed', () => {
  it('makes one configured blog per access level; the pi one is readable by the client and not by npi', async () => {
    const rows = await handle.db.select().from(blogs).orderBy(blogs.sortOrder);
    expect(rows.map((b) => [b.key, b.accessType])).toEqual([
      [demoBlogKeys.strategy, 'npi'],
      [demoBlogKeys.energy, 'pi'],
      [demoBlogKeys.brief, 'pre'],
    ]);
    for (const blog of rows) {
      expect(blog.footerHtml).toContain(ctx.config.firm.name);
      expect(blog.author).toMatchObject({ id: expect.any(Number), name: expect.any(String) });
      expect(blog.author!.email).toMatch(/@/);
      expect(blog.keywords.length).toBeGreaterThan(0);
    }
    const energy = rows.find((b) => b.accessType === 'pi')!;
    expect(energy.selectedSectors).toEqual([10000124]);
    const entitlements = createEntitlementsService({ db: handle.db, changes: createLocalChangeFeed() });
    const sectorsOf = async (email: string) => {
      const [user] = await handle.db.select().from(users).where(eq(users.email, email));
      return (await entitlements.entitlementFor(user!)).sectorIds;
    };
    expect((await sectorsOf('client@demo.test')).some((id) => energy.selectedSectors.includes(id))).toBe(
      true,
    );
    expect((await sectorsOf('npi@demo.test')).some((id) => energy.selectedSectors.includes(id))).toBe(false);
  });

  it('writes 25 clean posts of 250-700 words, two drafts, charts stored where uploads go', async () => {
    const rows = await handle.db.select().from(posts);
    expect(rows).toHaveLength(25);
    expect(rows.filter((p) => !p.publish).map((p) => p.publishedAt)).toEqual([null, null]);
    expect(new Set(rows.map((p) => p.title)).size).toBe(25);
    const paragraphs = rows.flatMap((p) => p.html.match(/<p>.*?<\/p>/g) ?? []);
    expect(new Set(paragraphs).size).toBe(paragraphs.length);
    for (const post of rows) {
      expect(post.words).toBeGreaterThanOrEqual(250);
      expect(post.words).toBeLessThanOrEqual(700);
      expect(post.bodyText.split(' ')).toHaveLength(post.words);
      // only the tags the blogs service's sanitiser keeps, and no lorem ipsum
      const tags = new Set([...post.html.matchAll(/<\/?([a-z0-9]+)/g)].map((m) => m[1]));
      for (const tag of tags)
        expect(['p', 'h2', 'h3', 'strong', 'em', 'ul', 'ol', 'li', 'blockquote', 'img']).toContain(tag);
      expect(post.bodyText).not.toMatch(/lorem|ipsum/i);
      expect((post.draft as { type: string }).type).toBe('doc');
    }
    const withImage = rows.filter((p) => p.image);
    expect(withImage.length).toBeGreaterThanOrEqual(8);
    for (const post of withImage) {
      expect(post.image).toMatch(/^\/api\/media\/posts\/[a-z0-9-]+\.png$/);
      expect(post.html).toMatch(
        /<img src="\/api\/media\/posts\/[a-z0-9-]+\.png" alt="[^"]{20,}" width="\d+" ?\/?>/,
      );
      expect(Number(/width="(\d+)"/.exec(post.html)![1])).toBeGreaterThanOrEqual(400);
      const bytes = await ctx.storage!.get(post.image!.replace('/api/media/', ''));
      expect((await sharp(bytes!).metadata()).format).toBe('png');
    }
  });

  it('links about half the posts to 1-3 reports published before them, and records measured visits', async () => {
    const links = await handle.db
      .select({ postId: postResearch.postId, reportAt: reports.publishedAt, postAt: posts.publishedAt })
      .from(postResearch)
      .innerJoin(reports, eq(reports.id, postResearch.reportId))
      .innerJoin(posts, eq(posts.id, postResearch.postId));
    const perPost = new Map<number, typeof links>();
    for (const l of links) perPost.set(l.postId, [...(perPost.get(l.postId) ?? []), l]);
    expect(perPost.size).toBeGreaterThanOrEqual(8);
    expect(perPost.size).toBeLessThanOrEqual(16);
    for (const list of perPost.values()) expect(list.length).toBeLessThanOrEqual(3);
    for (const l of links) if (l.postAt) expect(l.reportAt.getTime()).toBeLessThanOrEqual(l.postAt.getTime());

    const visits = await handle.db.select().from(postVisits);
    expect(visits.length).toBeGreaterThan(100);
    const measured = visits.filter((v) => v.exitAt);
    expect(measured.length / visits.length).toBeGreaterThan(0.6);
    expect(measured.length).toBeLessThan(visits.length);
    for (const v of measured) {
      expect(v.activeSeconds).toBeGreaterThanOrEqual(40);
      expect(v.activeSeconds).toBeLessThanOrEqual(540);
      expect(v.exitAt!.getTime()).toBeGreaterThan(v.enteredAt.getTime());
    }
    // Only readers who may read the pi blog visit it: never npi@demo.test.
    const [npi] = await handle.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, 'npi@demo.test'));
    const energyPosts = await handle.db
      .select({ id: posts.id })
      .from(posts)
      .where(eq(posts.blogKey, demoBlogKeys.energy));
    const energyVisits = await handle.db
      .select({ userId: postVisits.userId })
      .from(postVisits)
      .where(
        inArray(
          postVisits.postId,
          energyPosts.map((p) => p.id),
        ),
      );
    expect(energyVisits.length).toBeGreaterThan(0);
    expect(energyVisits.map((v) => v.userId)).not.toContain(npi!.id);
  });

  it('is idempotent: running it again adds nothing and leaves an edited post alone', async () => {
    const [first] = await handle.db.select().from(posts).orderBy(posts.id).limit(1);
    await handle.db.update(posts).set({ title: 'Edited by an admin' }).where(eq(posts.id, first!.id));
    const count = async () => ({
      posts: (await handle.db.select({ id: posts.id }).from(posts)).length,
      visits: (await handle.db.select({ id: postVisits.id }).from(postVisits)).length,
      research: (await handle.db.select({ id: postResearch.postId }).from(postResearch)).length,
      blogs: (await handle.db.select({ key: blogs.key }).from(blogs)).length,
    });
    const before = await count();
    await blogsSeed.run(ctx);
    expect(await count()).toEqual(before);
    const [again] = await handle.db.select().from(posts).where(eq(posts.id, first!.id));
    expect(again!.title).toBe('Edited by an admin');
  });
});

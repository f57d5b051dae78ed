import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { analystPhotoLimits, analystPhotoMessages as texts } from '@portal/contract';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { analysts } from '../db/schema/index.ts';
import type { Change } from '../modules/changes/change-feed.ts';
import { demoPassword } from '../seed/accounts.ts';
import { catalogueFixtures } from '../test/catalogue-fixtures.ts';
import { TestClient } from '../test/client.ts';
import { countWrites, createTestApp, type TestApp } from '../test/test-app.ts';

// POST /upload?type=analyst&id={analystId} (issue 23; spec 2 sections 5, 8 and 9): an admin replaces an analyst's
// photo. The file is judged by its bytes (PNG or JPEG, 253 wide and 203 to 210 high), re-encoded and stored under
// a new name; the `analyst` change drops the research lists' cached cards, so a reader sees the new photo on the
// very next request (caches on for longer than the test).
const BOUNDARY = '----analyst-photo-boundary';
const form = (bytes: Buffer | string, filename = 'photo.png', type = 'image/png') =>
  Buffer.concat([
    Buffer.from(
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`,
    ),
    Buffer.from(bytes),
    Buffer.from(`\r\n--${BOUNDARY}--\r\n`),
  ]);
const multipartHeaders = { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` };

const picture = (width: number, height: number, format: 'png' | 'jpeg' | 'gif' | 'webp' = 'png') => {
  const image = sharp({ create: { width, height, channels: 3, background: '#2d5f8b' } });
  return (
    format === 'jpeg'
      ? image.jpeg()
      : format === 'gif'
        ? image.gif()
        : format === 'webp'
          ? image.webp()
          : image.png()
  ).toBuffer();
};

describe('POST /upload?type=analyst (analyst photos)', () => {
  let t: TestApp;
  let dataDir: string;
  let admin: TestClient;
  let client: TestClient;
  let anonymous: TestClient;
  let analystId: number;
  let otherAnalystId: number;
  const seen: Change[] = [];

  const upload = (body: Buffer, id: number | string = analystId, who: TestClient = admin, type = 'analyst') =>
    who.request('POST', `/api/upload?type=${type}&id=${id}`, { body, headers: multipartHeaders });
  const imagePathOf = async (id: number) =>
    (await t.db.select({ p: analysts.imagePath }).from(analysts).where(eq(analysts.id, id)))[0]?.p;
  const storedPhotos = async () =>
    (await readdir(path.join(dataDir, 'files', 'analysts')).catch(() => [] as string[]))
      .filter((name) => name.startsWith('analyst-'))
      .sort();
  /** The lead analyst of the newest latest report, as a reader's list shows it. */
  const listedAnalyst = async (reader: TestClient) => {
    const reply = await reader.get('/api/reports?type=latest');
    expect(reply.statusCode, reply.body).toBe(200);
    const card = (
      reply.json().data as { title: string; analysts: { id: number; image_path: string | null }[] }[]
    ).find((c) => c.title === 'Photo report');
    return card?.analysts[0];
  };

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'portal-analyst-photos-'));
    // Caches on for longer than any test: only the change feed can make a reader see the new photo.
    t = await createTestApp({ env: { DATA_DIR: dataDir, CACHE_TTL_MS: '60000' } });
    const f = await catalogueFixtures(t.db);
    const sector = await f.sector('Semiconductors');
    analystId = await f.analyst('Mei Lin Chan', { sectorIds: [sector] });
    otherAnalystId = await f.analyst('Ken Mizuno', { sectorIds: [sector] });
    await t.db
      .update(analysts)
      .set({ imagePath: `analysts/${analystId}.png` })
      .where(eq(analysts.id, analystId));
    await f.report({
      title: 'Photo report',
      publishedAt: '2029-12-01T08:00:00Z',
      sectorId: sector,
      analystIds: [analystId, otherAnalystId],
      freeAccess: true,
    });
    admin = await TestClient.signedIn(t.app, 'admin@demo.test', demoPassword);
    client = await TestClient.signedIn(t.app, 'client@demo.test', demoPassword);
    anonymous = await new TestClient(t.app).start();
    t.app.services.changes.subscribe('analyst', (change) => seen.push(change));
  });
  afterAll(async () => {
    await t?.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('is for admins only, with the CSRF header', async () => {
    const png = await picture(253, 203);
    expect((await upload(form(png), analystId, client)).statusCode).toBe(403);
    expect((await upload(form(png), analystId, anonymous)).statusCode).toBe(401);
    const noCsrf = await admin.request('POST', `/api/upload?type=analyst&id=${analystId}`, {
      body: form(png),
      headers: multipartHeaders,
      csrf: false,
    });
    expect(noCsrf.statusCode).toBe(403);
    expect(await imagePathOf(analystId)).toBe(`analysts/${analystId}.png`);
    expect(await storedPhotos()).toEqual([]);
  });

  it('refuses the wrong type, the wrong size, fakes and oversize files, and changes nothing', async () => {
    const writes = await countWrites(t.db);
    seen.length = 0;
    const refusals: [Buffer, number, string, string?][] = [
      // the wrong real type, whatever the name says
      [await picture(253, 203, 'gif'), 400, texts.wrongType, 'photo.png'],
      [await picture(253, 203, 'webp'), 400, texts.wrongType, 'photo.jpg'],
      [
        Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="253" height="203"/>'),
        400,
        texts.wrongType,
        'photo.png',
      ],
      // a "PNG" that is text with a .png name, and one whose magic bytes are broken
      [Buffer.from('definitely not an image, only named like one'), 400, texts.wrongType, 'photo.png'],
      [Buffer.concat([Buffer.from('XPNG'), (await picture(253, 203)).subarray(4)]), 400, texts.wrongType],
      // the right type at the wrong size: 1 px off on each side, and far off
      [await picture(252, 203), 400, texts.wrongSize],
      [await picture(254, 203), 400, texts.wrongSize],
      [await picture(253, 202), 400, texts.wrongSize],
      [await picture(253, 211), 400, texts.wrongSize],
      [await picture(203, 253, 'jpeg'), 400, texts.wrongSize, 'photo.jpg'],
      [await picture(2000, 2000), 400, texts.wrongSize],
      // a PNG header over pixels that are not there
      [(await picture(253, 203)).subarray(0, 60), 400, texts.unreadable],
    ];
    for (const [bytes, status, message, name] of refusals) {
      const reply = await upload(form(bytes, name));
      expect([reply.statusCode, reply.json().message], `${name} ${bytes.length}`).toEqual([status, message]);
    }
    const oversize = await upload(
      form(Buffer.concat([await picture(253, 203), Buffer.alloc(analystPhotoLimits.maxBytes)])),
    );
    expect([oversize.statusCode, oversize.json().message]).toEqual([413, texts.tooLarge]);
    expect(await writes()).toBe(0);
    expect(seen).toEqual([]);
    expect(await imagePathOf(analystId)).toBe(`analysts/${analystId}.png`);
    expect(await storedPhotos()).toEqual([]);
  });

  it('answers an unknown analyst 404 and malformed calls 4xx, never 5xx', async () => {
    const png = await picture(253, 203);
    const unknown = await upload(form(png), 999_999);
    expect([unknown.statusCode, unknown.json().message]).toEqual([404, texts.analystMissing]);
    for (const id of ['abc', '0', '-3', '1.5', '99999999999', '']) {
      expect((await upload(form(png), id)).statusCode, id).toBe(400);
    }
    expect((await upload(form(png), analystId, admin, 'banner')).statusCode).toBe(400);
    expect((await upload(form(png), analystId, admin, 'post')).statusCode).toBe(400);
    // not multipart, no file, two files, a file under another field name, a cut-off body
    const asJson = await admin.request('POST', `/api/upload?type=analyst&id=${analystId}`, {
      body: { file: 'x' },
    });
    expect(asJson.statusCode).toBeGreaterThanOrEqual(400);
    expect(asJson.statusCode).toBeLessThan(500);
    const empty = await upload(Buffer.from(`--${BOUNDARY}--\r\n`));
    expect([empty.statusCode, empty.json().message]).toEqual([400, texts.missing]);
    const part = (name: string) =>
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`;
    const two = await upload(
      Buffer.concat([
        Buffer.from(part('file')),
        png,
        Buffer.from(`\r\n${part('file')}`),
        png,
        Buffer.from(`\r\n--${BOUNDARY}--\r\n`),
      ]),
    );
    expect([two.statusCode, two.json().message]).toEqual([400, texts.oneFile]);
    const otherField = await upload(
      Buffer.concat([Buffer.from(part('photo')), png, Buffer.from(`\r\n--${BOUNDARY}--\r\n`)]),
    );
    expect([otherField.statusCode, otherField.json().message]).toEqual([400, texts.missing]);
    const cut = await upload(Buffer.concat([Buffer.from(part('file')), png.subarray(0, 40)]));
    expect(cut.statusCode).toBeGreaterThanOrEqual(400);
    expect(cut.statusCode).toBeLessThan(500);
    expect(await imagePathOf(analystId)).toBe(`analysts/${analystId}.png`);
    expect(await storedPhotos()).toEqual([]);
  });

  it('stores a re-encoded photo under a new name, and a reader sees it on the next request', async () => {
    // The reader's list is cached now (twice: the second read is the cache's).
    expect((await listedAnalyst(client))?.image_path).toBe(`analysts/${analystId}.png`);
    expect((await listedAnalyst(client))?.image_path).toBe(`analysts/${analystId}.png`);
    seen.length = 0;

    // A 210 px high JPEG with metadata, named as if it were a PNG: accepted by its bytes.
    const jpeg = await sharp({ create: { width: 253, height: 210, channels: 3, background: '#c0392b' } })
      .jpeg()
      .withMetadata({ exif: { IFD0: { Copyright: 'secret camera owner' } } })
      .toBuffer();
    const first = await upload(form(jpeg, 'photo.png', 'image/png'));
    expect(first.statusCode, first.body).toBe(200);
    const body = first.json();
    expect(body).toMatchObject({ success: true, message: texts.uploaded });
    expect(body.image_path).toMatch(new RegExp(`^analysts/analyst-${analystId}-[0-9a-f]{16}\\.jpg$`));
    expect(body.url).toBe(`/api/media/${body.image_path}`);
    expect(seen).toEqual([{ kind: 'analyst', ids: [analystId] }]);
    expect(await imagePathOf(analystId)).toBe(body.image_path);

    const served = await anonymous.get(body.url);
    expect([served.statusCode, served.headers['content-type']]).toEqual([200, 'image/jpeg']);
    const meta = await sharp(served.rawPayload).metadata();
    expect([meta.format, meta.width, meta.height, meta.exif]).toEqual(['jpeg', 253, 210, undefined]);

    // The reader's next request: the cached list was dropped by the change.
    expect((await listedAnalyst(client))?.image_path).toBe(body.image_path);
    // Our People and the analyst's page (uncached) show it too; the other analyst keeps no photo.
    const page = (await client.get(`/api/analysts?id=${analystId}`)).json().data[0];
    expect(page.image_path).toBe(body.image_path);
    expect(await imagePathOf(otherAnalystId)).toBeNull();

    // A second upload (PNG, exactly 253x203) replaces it; the first upload's file is gone, the seeded one stays.
    const second = await upload(form(await picture(253, 203)));
    expect(second.statusCode, second.body).toBe(200);
    const secondPath = second.json().image_path as string;
    expect(secondPath).toMatch(/\.png$/);
    expect(secondPath).not.toBe(body.image_path);
    expect(await storedPhotos()).toEqual([secondPath.split('/')[1]]);
    expect((await anonymous.get(body.url)).statusCode).toBe(404);
    expect((await listedAnalyst(client))?.image_path).toBe(secondPath);
  });
});

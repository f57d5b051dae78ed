import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  analystPhotoLimits,
  analystProfileLimits,
  messages,
  messagesSite,
  analystPhotoMessages as photoTexts,
} from '@portal/contract';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { analysts } from '../db/schema/index.ts';
import type { Change } from '../modules/changes/change-feed.ts';
import { demoPassword } from '../seed/accounts.ts';
import { catalogueFixtures } from '../test/catalogue-fixtures.ts';
import { TestClient } from '../test/client.ts';
import { countWrites, createTestApp, type TestApp } from '../test/test-app.ts';

// POST /analysts/updateAnalyst?id={id} (issue 24; spec 2 "Team Management", sections 5 and 8): the profile modal's
// multipart form. Fields checked by the contract's schema, the description sanitised (an empty paragraph is none),
// an optional photo by the analyst photo rules; one transaction says `analyst`, and readers see it on the next
// request (caches on for longer than the test).
const m = messagesSite.team.profile;
const BOUNDARY = '----analyst-profile-boundary';
const multipartHeaders = { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` };

type Fields = Record<string, string>;
const fieldPart = (name: string, value: string) =>
  Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`);
const filePart = (bytes: Buffer | string, filename = 'photo.png', type = 'image/png', name = 'file') =>
  Buffer.concat([
    Buffer.from(
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`,
    ),
    Buffer.from(bytes),
    Buffer.from('\r\n'),
  ]);
const form = (fields: Fields, file?: Buffer) =>
  Buffer.concat([
    ...Object.entries(fields).map(([name, value]) => fieldPart(name, value)),
    ...(file ? [file] : []),
    Buffer.from(`--${BOUNDARY}--\r\n`),
  ]);

const picture = (width: number, height: number, format: 'png' | 'jpeg' | 'gif' = 'png') => {
  const image = sharp({ create: { width, height, channels: 3, background: '#2d5f8b' } });
  return (format === 'jpeg' ? image.jpeg() : format === 'gif' ? image.gif() : image.png()).toBuffer();
};

describe('POST /analysts/updateAnalyst (the profile modal)', () => {
  let t: TestApp;
  let dataDir: string;
  let admin: TestClient;
  let client: TestClient;
  let anonymous: TestClient;
  let analystId: number;
  const seen: Change[] = [];
  const good: Fields = {
    name: 'Mei Lin Chan',
    designation: 'Head of Research',
    email: 'mei.chan@example.org',
    phone: '+852 (2) 555-0101',
    country: 'Hong Kong',
    description: '<p>Covers <strong>semiconductors</strong>.</p>',
  };
  const update = (body: Buffer, id: number | string = analystId, who: TestClient = admin, csrf = true) =>
    who.request('POST', `/api/analysts/updateAnalyst?id=${id}`, { body, headers: multipartHeaders, csrf });
  const stored = async () => (await t.db.select().from(analysts).where(eq(analysts.id, analystId)))[0]!;
  const storedPhotos = async () =>
    (await readdir(path.join(dataDir, 'files', 'analysts')).catch(() => [] as string[])).filter((name) =>
      name.startsWith('analyst-'),
    );
  /** What a reader's next request says of the analyst (the analyst's page and /people). */
  const pageOf = async () => (await client.get(`/api/analysts?id=${analystId}`)).json().data[0];
  const ourPeopleOf = async () =>
    ((await anonymous.get('/api/overall/ourPeople')).json().data as { id: number; name: string }[]).find(
      (p) => p.id === analystId,
    );
  /** Refused with `status` and `message`, and nothing written: no row, no change, no photo file. */
  const expectRefused = async (body: Buffer, status: number, message: string, field?: string) => {
    const before = await stored();
    const writes = await countWrites(t.db);
    const base = await writes();
    seen.length = 0;
    const reply = await update(body);
    expect([reply.statusCode, reply.json().message], reply.body.slice(0, 200)).toEqual([status, message]);
    if (field) expect(reply.json().errors?.[field]).toBe(message);
    expect(await writes()).toBe(base);
    expect(seen).toEqual([]);
    expect(await stored()).toEqual(before);
    expect(await storedPhotos()).toEqual([]);
  };

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'portal-analyst-profile-'));
    t = await createTestApp({ env: { DATA_DIR: dataDir, CACHE_TTL_MS: '60000' } });
    const f = await catalogueFixtures(t.db);
    analystId = await f.analyst('Mei Chan');
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
    const body = form({ ...good, name: 'Taken Over' });
    expect((await update(body, analystId, client)).statusCode).toBe(403);
    expect((await update(body, analystId, anonymous)).statusCode).toBe(401);
    expect((await update(body, analystId, admin, false)).statusCode).toBe(403);
    expect((await stored()).name).toBe('Mei Chan');
  });

  it('refuses each field that breaks its rule with its message, and writes nothing', async () => {
    const cases: [Fields, string, string][] = [
      [{ ...good, name: '' }, m.nameRequired, 'name'],
      [{ ...good, name: '   ' }, m.nameRequired, 'name'],
      [{ ...good, name: 'Mei 2 Chan' }, m.nameLetters, 'name'],
      [{ ...good, name: 'Mei <b>Chan</b>' }, m.nameLetters, 'name'],
      [{ ...good, name: 'Mei_Chan' }, m.nameLetters, 'name'],
      [{ ...good, name: "- '" }, m.nameLetters, 'name'],
      [{ ...good, name: 'a'.repeat(101) }, m.nameTooLong, 'name'],
      [{ ...good, name: 'Mei\u0007Chan' }, messages.validation.controlCharacters, 'name'],
      [{ ...good, designation: 'd'.repeat(151) }, m.designationTooLong, 'designation'],
      [{ ...good, email: 'not-an-address' }, m.emailInvalid, 'email'],
      [{ ...good, email: `${'a'.repeat(250)}@x.io` }, m.emailTooLong, 'email'],
      [{ ...good, phone: '+852 5550 0101 ext. 4' }, m.phoneCharacters, 'phone'],
      [{ ...good, phone: '1'.repeat(41) }, m.phoneTooLong, 'phone'],
      [{ ...good, country: 'c'.repeat(101) }, m.countryTooLong, 'country'],
      [{ ...good, description: `<p>${'a'.repeat(50_001)}</p>` }, m.descriptionTooLong, 'description'],
    ];
    for (const [fields, message, field] of cases) await expectRefused(form(fields), 400, message, field);
    const { phone: _phone, ...withoutPhone } = good;
    await expectRefused(form(withoutPhone), 400, m.fieldMissing, 'phone');
    await expectRefused(form({ ...good, isOurPeople: 'false' }), 400, m.fieldUnknown);
  });

  it('saves the fields, the description sanitised, and a reader sees them on the next request', async () => {
    // cached now (twice: the second read is the cache's)
    expect((await ourPeopleOf())?.name).toBe('Mei Chan');
    expect((await ourPeopleOf())?.name).toBe('Mei Chan');
    seen.length = 0;
    const reply = await update(
      form({
        ...good,
        name: "  Zoë O'Neill-Nakamura ",
        email: '',
        description:
          '<p onclick="steal()">Covers <strong>memory</strong>.</p><script>alert(1)</script>' +
          '<p><img src="/api/media/posts/chart.webp" width="400" height="200" onerror="x()" alt="Chart"></p>' +
          '<p><img src="https://tracker.example/pixel.gif"><a href="javascript:alert(1)">x</a></p>',
      }),
    );
    expect(reply.statusCode, reply.body).toBe(200);
    const description =
      '<p>Covers <strong>memory</strong>.</p>' +
      '<p><img src="/api/media/posts/chart.webp" alt="Chart" width="400" height="200" /></p>' +
      '<p><a rel="noopener noreferrer">x</a></p>';
    expect(reply.json()).toEqual({
      success: true,
      data: {
        id: analystId,
        name: "Zoë O'Neill-Nakamura",
        designation: good.designation,
        email: '',
        phone: good.phone,
        country: good.country,
        description,
        image_path: null,
      },
    });
    expect(seen).toEqual([{ kind: 'analyst', ids: [analystId] }]);
    const page = await pageOf();
    expect(page).toMatchObject({ name: "Zoë O'Neill-Nakamura", email: '', phone: good.phone, description });
    expect(page.description).not.toMatch(/script|onclick|onerror|javascript|tracker/);
    expect((await ourPeopleOf())?.name).toBe("Zoë O'Neill-Nakamura");
  });

  it('stores an empty paragraph as no description; a picture alone is a description', async () => {
    expect((await update(form({ ...good, description: '<p></p>' }))).json().data.description).toBeNull();
    expect((await pageOf()).description).toBeNull();
    const picture = '<p><img src="/api/media/posts/a.png" width="400"></p>';
    const reply = await update(form({ ...good, description: picture }));
    expect(reply.json().data.description).toBe('<p><img src="/api/media/posts/a.png" width="400" /></p>');
  });

  it('refuses crafted and wrong photos with the spec messages, and writes nothing', async () => {
    const png = await picture(253, 205);
    const refusals: [Buffer, number, string, string?, string?][] = [
      // a PNG header on a script
      [
        Buffer.concat([png.subarray(0, 16), Buffer.from('<script>alert(1)</script>')]),
        400,
        photoTexts.unreadable,
      ],
      [Buffer.from('<script>alert(1)</script>'), 400, photoTexts.wrongType, 'photo.png'],
      // an SVG with a script, named as a PNG
      [
        Buffer.from(
          '<svg xmlns="http://www.w3.org/2000/svg" width="253" height="205"><script>alert(1)</script></svg>',
        ),
        400,
        photoTexts.wrongType,
        'photo.png',
        'image/svg+xml',
      ],
      // a truncated JPEG
      [
        (await picture(253, 205, 'jpeg')).subarray(0, 120),
        400,
        photoTexts.unreadable,
        'photo.jpg',
        'image/jpeg',
      ],
      // the wrong type and the wrong size
      [await picture(253, 205, 'gif'), 400, photoTexts.wrongType, 'photo.gif', 'image/gif'],
      [await picture(253, 202), 400, photoTexts.wrongSize],
      [await picture(253, 211), 400, photoTexts.wrongSize],
      [await picture(400, 300), 400, photoTexts.wrongSize],
    ];
    for (const [bytes, status, message, name, type] of refusals)
      await expectRefused(
        form({ ...good, name: 'Not Saved' }, filePart(bytes, name, type)),
        status,
        message,
        'file',
      );
    await expectRefused(
      form(good, filePart(Buffer.concat([png, Buffer.alloc(analystPhotoLimits.maxBytes)]))),
      413,
      photoTexts.tooLarge,
    );
    // a good photo for an analyst who is not there
    const unknown = await update(form(good, filePart(png)), 999_999);
    expect([unknown.statusCode, unknown.json().message]).toEqual([404, photoTexts.analystMissing]);
    expect(await storedPhotos()).toEqual([]);
  });

  it('saves the fields and a valid photo in one write, re-encoded, seen on the next request', async () => {
    seen.length = 0;
    const jpeg = await sharp({ create: { width: 253, height: 205, channels: 3, background: '#c0392b' } })
      .jpeg()
      .withMetadata({ exif: { IFD0: { Copyright: 'secret camera owner' } } })
      .toBuffer();
    const reply = await update(
      form({ ...good, designation: 'Chief Economist' }, filePart(jpeg, 'me.jpg', 'image/jpeg')),
    );
    expect(reply.statusCode, reply.body).toBe(200);
    const data = reply.json().data;
    expect(data.designation).toBe('Chief Economist');
    expect(data.image_path).toMatch(new RegExp(`^analysts/analyst-${analystId}-[0-9a-f]{16}\\.jpg$`));
    expect(seen).toEqual([{ kind: 'analyst', ids: [analystId] }]);
    expect(await pageOf()).toMatchObject({ designation: 'Chief Economist', image_path: data.image_path });
    const served = await anonymous.get(`/api/media/${data.image_path}`);
    expect(served.statusCode).toBe(200);
    const meta = await sharp(served.rawPayload).metadata();
    expect([meta.format, meta.width, meta.height, meta.exif]).toEqual(['jpeg', 253, 205, undefined]);
    // Without a file the photo stays.
    const again = await update(form({ ...good, country: 'Singapore' }));
    expect(again.json().data).toMatchObject({ country: 'Singapore', image_path: data.image_path });
    expect(await storedPhotos()).toEqual([data.image_path.split('/')[1]]);
  });

  it('answers malformed calls 4xx, never 5xx, and writes nothing', async () => {
    const writes = await countWrites(t.db);
    const base = await writes();
    const png = await picture(253, 205);
    for (const id of ['abc', '0', '-3', '1.5', '99999999999', '']) {
      const reply = await update(form(good), id);
      expect(reply.statusCode, id).toBe(400);
    }
    const unknown = await update(form(good), 999_999);
    expect([unknown.statusCode, unknown.json().message]).toEqual([404, photoTexts.analystMissing]);
    const bodies: [string, Buffer | Record<string, unknown>, Record<string, string>?][] = [
      ['json', { ...good }, {}],
      ['empty form', Buffer.from(`--${BOUNDARY}--\r\n`)],
      ['no boundary', form(good), { 'content-type': 'multipart/form-data' }],
      ['cut off', form(good).subarray(0, 80)],
      ['cut off in the file', Buffer.concat([fieldPart('name', 'X'), filePart(png).subarray(0, 200)])],
      ['two files', form(good, Buffer.concat([filePart(png), filePart(png)]))],
      ['a field twice', form(good, fieldPart('name', 'Other Name'))],
      [
        'a field over the size',
        form({ ...good, description: 'a'.repeat(analystProfileLimits.descriptionMax * 4 + 10) }),
      ],
      ['too many fields', form(Object.fromEntries(Array.from({ length: 20 }, (_, i) => [`f${i}`, 'x'])))],
      ['prototype field', form({ ...good, __proto__x: 'x', ['__proto__']: 'x' } as Fields)],
      ['garbage', Buffer.from('\u0000\u0001garbage')],
    ];
    for (const [label, body, headers] of bodies) {
      const reply = Buffer.isBuffer(body)
        ? await admin.request('POST', `/api/analysts/updateAnalyst?id=${analystId}`, {
            body,
            headers: headers ?? multipartHeaders,
          })
        : await admin.request('POST', `/api/analysts/updateAnalyst?id=${analystId}`, { body });
      expect(reply.statusCode, `${label}: ${reply.body.slice(0, 200)}`).toBeGreaterThanOrEqual(400);
      expect(reply.statusCode, label).toBeLessThan(500);
    }
    // A file under another field name is not a photo: the fields are saved, the photo stays.
    const photoBefore = (await stored()).imagePath;
    const otherName = await update(form(good, filePart(png, 'a.png', 'image/png', 'photo')));
    expect(otherName.statusCode, otherName.body).toBe(200);
    expect(otherName.json().data.image_path).toBe(photoBefore);
    expect(await writes()).toBeGreaterThan(base);
  });
});

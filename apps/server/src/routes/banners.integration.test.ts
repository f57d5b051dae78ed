import {
  type LandingReply,
  messagesConnect,
  type SliderItem,
  sliderLimits,
  messagesSliders as texts,
} from '@portal/contract';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Change } from '../modules/changes/change-feed.ts';
import { demoPassword } from '../seed/accounts.ts';
import { TestClient } from '../test/client.ts';
import { countWrites, createTestApp, type TestApp } from '../test/test-app.ts';

// Homepage Slider Management and header images (issue 24; spec 2 sections 2-5, 7 and 8): uploads are judged by
// their bytes, slides are saved one at a time with the spec's rules, the order is saved whole, and a reader sees
// each change on the next GET /landing or GET /getHeaderImage (caches on for longer than the test).
const BOUNDARY = '----banner-boundary';
const form = (bytes: Buffer | string, filename = 'slide.png', type = 'image/png') =>
  Buffer.concat([
    Buffer.from(
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`,
    ),
    Buffer.from(bytes),
    Buffer.from(`\r\n--${BOUNDARY}--\r\n`),
  ]);
const multipartHeaders = { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` };

const picture = (width: number, height: number, format: 'png' | 'jpeg' | 'gif' = 'png') => {
  const image = sharp({ create: { width, height, channels: 3, background: '#2d5f8b' } }).withMetadata({
    exif: { IFD0: { Copyright: 'camera-secret' } },
  });
  return (format === 'jpeg' ? image.jpeg() : format === 'gif' ? image.gif() : image.png()).toBuffer();
};
/** An MP4's first box (what file-type reads) and `size` bytes in all. */
const mp4 = (size: number) =>
  Buffer.concat([
    Buffer.from([0, 0, 0, 0x18]),
    Buffer.from('ftypmp42'),
    Buffer.from([0, 0, 0, 0]),
    Buffer.from('mp42isom'),
    Buffer.alloc(size - 24, 7),
  ]);

describe('Homepage sliders and header images', () => {
  let t: TestApp;
  let admin: TestClient;
  let client: TestClient;
  let anonymous: TestClient;
  const seen: Change[] = [];

  const upload = (body: Buffer, query = 'type=banner', who: TestClient = admin, csrf = true) =>
    who.request('POST', `/api/upload?${query}`, { body, headers: multipartHeaders, csrf });
  const save = (body: unknown, who: TestClient = admin, csrf = true) =>
    who.request('POST', '/api/saveSlider', { body, csrf });
  const settings = async () => {
    const reply = await admin.get('/api/sliderSettings');
    expect(reply.statusCode, reply.body).toBe(200);
    return reply.json().sliders as SliderItem[];
  };
  const landing = async (who: TestClient = anonymous) => {
    const reply = await who.get('/api/landing');
    expect(reply.statusCode, reply.body).toBe(200);
    return reply.json() as LandingReply;
  };
  const slideBody = (slide: SliderItem, changes: Partial<SliderItem> = {}) => {
    const { sortOrder: _order, duration: _duration, format: _format, ...rest } = { ...slide, ...changes };
    return rest;
  };

  beforeAll(async () => {
    t = await createTestApp({ catalogue: true, env: { CACHE_TTL_MS: '60000' } });
    admin = await TestClient.signedIn(t.app, 'admin@demo.test', demoPassword);
    client = await TestClient.signedIn(t.app, 'client@demo.test', demoPassword);
    anonymous = await new TestClient(t.app).start();
    t.app.services.changes.subscribe('site-content', (change) => seen.push(change));
  });
  afterAll(async () => {
    await t?.close();
  });

  it('is for admins only, with the CSRF header, and changes nothing otherwise', async () => {
    const writes = await countWrites(t.db);
    const [first] = await settings();
    const body = slideBody(first!, { heading: 'Taken over' });
    expect((await anonymous.get('/api/sliderSettings')).statusCode).toBe(401);
    expect((await client.get('/api/sliderSettings')).statusCode).toBe(403);
    expect((await save(body, anonymous)).statusCode).toBe(401);
    expect((await save(body, client)).statusCode).toBe(403);
    expect((await save(body, admin, false)).statusCode).toBe(403);
    const sort = { keys: ['slider3', 'slider2', 'slider1'] };
    expect((await client.request('POST', '/api/sortSliders', { body: sort })).statusCode).toBe(403);
    expect((await admin.request('POST', '/api/sortSliders', { body: sort, csrf: false })).statusCode).toBe(
      403,
    );
    const png = await picture(1280, 580);
    expect((await upload(form(png), 'type=banner', client)).statusCode).toBe(403);
    expect((await upload(form(png), 'type=banner', anonymous)).statusCode).toBe(401);
    expect((await upload(form(png), 'type=banner', admin, false)).statusCode).toBe(403);
    expect((await upload(form(png), 'type=header&id=about', client)).statusCode).toBe(403);
    expect((await client.get('/api/headerImages')).statusCode).toBe(403);
    expect((await client.request('GET', '/api/setHeaderImageDefault?key=about')).statusCode).toBe(403);
    expect(
      (await admin.request('GET', '/api/setHeaderImageDefault?key=about', { csrf: false })).statusCode,
    ).toBe(403);
    expect(await writes()).toBe(0);
  });

  it('stores a 1280x580 picture re-encoded without its metadata, and a film under 15 MB as sent', async () => {
    const jpeg = await picture(1280, 580, 'jpeg');
    const reply = await upload(form(jpeg, 'slide.jpg', 'image/jpeg'));
    expect(reply.statusCode, reply.body).toBe(200);
    const stored = reply.json();
    expect(stored).toMatchObject({
      success: true,
      message: texts.uploaded,
      type: 'image',
      format: 'image/webp',
    });
    expect(stored.mediaKey).toMatch(/^sliders\/[a-f0-9]{24}\.webp$/);
    const served = await anonymous.get(stored.url);
    expect(served.statusCode).toBe(200);
    const meta = await sharp(served.rawPayload).metadata();
    expect([meta.format, meta.width, meta.height, meta.exif]).toEqual(['webp', 1280, 580, undefined]);
    expect(served.rawPayload.includes('camera-secret')).toBe(false);

    const film = await upload(form(mp4(200_000), 'film.mp4', 'video/mp4'));
    expect(film.statusCode, film.body).toBe(200);
    expect(film.json()).toMatchObject({ type: 'video', format: 'video/mp4' });
    // A film is played through byte ranges.
    const part = await anonymous.request('GET', film.json().url, { headers: { range: 'bytes=100-199' } });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe('bytes 100-199/200000');
    expect(part.rawPayload.length).toBe(100);
    const past = await anonymous.request('GET', film.json().url, { headers: { range: 'bytes=300000-' } });
    expect(past.statusCode).toBe(416);
  });

  it('refuses crafted and unsuitable uploads with the spec’s messages, storing nothing', async () => {
    const writes = await countWrites(t.db);
    const files = async () => (await settings()).length;
    const before = await files();
    const frames = 70;
    const raw = Buffer.alloc(1280 * 580 * frames);
    for (let f = 0; f < frames; f++) raw.fill(f % 2 ? 255 : 0, f * 1280 * 580, (f + 1) * 1280 * 580);
    const gifBomb = await sharp(raw, {
      raw: { width: 1280, height: 580 * frames, channels: 1, pageHeight: 580 },
    })
      .gif({ effort: 1 })
      .toBuffer();
    const png = await picture(1280, 580);
    const cases: [Buffer, string, number, string][] = [
      [await picture(1280, 581), 'slide.png', 400, texts.imageWrongSize],
      [await picture(1279, 580, 'jpeg'), 'slide.jpg', 400, texts.imageWrongSize],
      // a PNG header on a script
      [
        Buffer.concat([png.subarray(0, 33), Buffer.from('<script>alert(1)</script>'.repeat(50))]),
        'x.png',
        400,
        texts.mediaUnreadable,
      ],
      // a truncated JPEG
      [(await picture(1280, 580, 'jpeg')).subarray(0, 600), 'cut.jpg', 400, texts.mediaUnreadable],
      [
        Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
        'x.svg',
        400,
        texts.imageWrongType,
      ],
      [gifBomb, 'bomb.gif', 400, texts.imageTooManyFrames],
      [Buffer.from('plain text, not a picture'), 'slide.png', 400, texts.imageWrongType],
      // a film of 16 MB: the read stops at the limit
      [mp4(16 * 1024 * 1024), 'big.mp4', 413, texts.videoTooLarge],
      [mp4(sliderLimits.videoMaxBytes), 'limit.mp4', 413, texts.videoTooLarge],
    ];
    for (const [bytes, name, status, message] of cases) {
      const reply = await upload(form(bytes, name));
      expect(reply.statusCode, name).toBe(status);
      expect(reply.json().message, name).toBe(message);
    }
    // Malformed forms: not multipart, no file, an unknown type, a header key that is not one.
    const notMultipart = await admin.request('POST', '/api/upload?type=banner', { body: { file: 'x' } });
    expect(notMultipart.statusCode).toBe(400);
    const noFile = await admin.request('POST', '/api/upload?type=banner', {
      body: Buffer.from(`--${BOUNDARY}--\r\n`),
      headers: multipartHeaders,
    });
    expect([noFile.statusCode, noFile.json().message]).toEqual([400, texts.mediaMissing]);
    const unknownType = await upload(form(png), 'type=poster');
    expect([unknownType.statusCode, unknownType.json().message]).toEqual([
      400,
      messagesConnect.validation.uploadTypeInvalid,
    ]);
    const unknownHeader = await upload(form(png), 'type=header&id=home');
    expect([unknownHeader.statusCode, unknownHeader.json().message]).toEqual([400, texts.headerUnknownKey]);
    expect(await writes()).toBe(0);
    expect(await files()).toBe(before);
  });

  it('saves a slide with a new picture, and a reader sees it on the next request', async () => {
    const stored = (await upload(form(await picture(1280, 580)))).json();
    const slides = await settings();
    const second = slides.find((s) => s.key === 'slider2')!;
    const oldMedia = second.mediaKey!;
    expect(await t.app.services.storage.exists(oldMedia)).toBe(true);
    seen.length = 0;
    const reply = await save(
      slideBody(second, {
        mediaKey: stored.mediaKey,
        heading: '  Our outlook for 2027  ',
        subHeading: 'What we expect across Asia',
        link: '/about;https://example.com/outlook',
      }),
    );
    expect(reply.statusCode, reply.body).toBe(200);
    expect(reply.json()).toMatchObject({
      emptied: false,
      slider: {
        key: 'slider2',
        heading: 'Our outlook for 2027',
        mediaKey: stored.mediaKey,
        format: 'image/webp',
      },
    });
    expect(seen).toEqual([{ kind: 'site-content', ids: ['sliders'] }]);
    const shown = (await landing()).sliders.find((s) => s.key === 'slider2');
    expect(shown).toMatchObject({ heading: 'Our outlook for 2027', mediaPath: stored.mediaKey });
    // The replaced picture is gone from storage (nothing holds it any more).
    expect(await t.app.services.storage.exists(oldMedia)).toBe(false);
  });

  it('saves a slide lacking its media or text inactive with no type (spec 2 section 4), and a new slide last', async () => {
    const created = await save({ type: 'image', active: true, heading: 'No picture yet' });
    expect(created.statusCode, created.body).toBe(200);
    expect(created.json()).toMatchObject({ emptied: true, slider: { type: 'none', active: false } });
    const key = created.json().slider.key as string;
    const slides = await settings();
    expect(slides.at(-1)?.key).toBe(key);
    const film = await save({ key, type: 'video', active: true, mediaKey: null });
    expect(film.json()).toMatchObject({ emptied: true, slider: { type: 'none', active: false } });
    const url = await save({ key, type: 'url', active: true, link: null, heading: '', subHeading: '' });
    expect(url.json()).toMatchObject({ emptied: true, slider: { type: 'none', active: false } });
    const text = await save({
      key,
      type: 'url',
      active: true,
      heading: 'Join our CONNECT week',
      isPrivate: true,
    });
    expect(text.json()).toMatchObject({
      emptied: false,
      slider: { type: 'url', active: true, isPrivate: true },
    });
    // A private slide is for signed-in readers only.
    expect((await landing()).sliders.map((s) => s.key)).not.toContain(key);
    expect((await landing(client)).sliders.map((s) => s.key)).toContain(key);
    // Deleting: type none and inactive (the spec's delete); gone from the landing at once.
    const removed = await save({ key, type: 'none', active: true, heading: 'Join our CONNECT week' });
    expect(removed.json()).toMatchObject({ slider: { type: 'none', active: false } });
    expect((await landing(client)).sliders.map((s) => s.key)).not.toContain(key);
  });

  it('refuses invalid fields with the spec’s messages and writes nothing', async () => {
    const writes = await countWrites(t.db);
    const [first] = await settings();
    const base = slideBody(first!);
    const cases: [unknown, string][] = [
      [{ ...base, link: 'javascript:alert(1)' }, texts.urlInvalid],
      [{ ...base, link: 'ftp://example.com' }, texts.urlInvalid],
      [{ ...base, link: 'not a link' }, texts.urlInvalid],
      [{ ...base, link: '/a;/b;/c' }, texts.urlInvalid],
      [{ ...base, heading: 'h'.repeat(76) }, texts.headingTooLong],
      [{ ...base, subHeading: 's'.repeat(101) }, texts.subHeadingTooLong],
      [{ ...base, reportUrl: 'https://evil.example/reports/1' }, texts.reportUrlInvalid],
      [{ ...base, mediaKey: '../secrets/key.webp' }, texts.mediaUnknown],
      [{ ...base, mediaKey: 'sliders/0123456789abcdef01234567.webp' }, texts.mediaUnknown],
      [{ ...base, key: 'slide-missing' }, texts.unknownSlide],
    ];
    for (const [body, message] of cases) {
      const reply = await save(body);
      expect(reply.statusCode, JSON.stringify(body)).toBeGreaterThanOrEqual(400);
      expect(reply.statusCode).toBeLessThan(500);
      expect(reply.body, JSON.stringify(body)).toContain(message);
    }
    for (const body of [
      null,
      [],
      'x',
      { ...base, type: 'gif' },
      { ...base, active: 'yes' },
      { ...base, heading: 7 },
    ]) {
      const reply = await save(body);
      expect([400, 415], JSON.stringify(body)).toContain(reply.statusCode);
    }
    // Links the spec accepts.
    for (const link of [
      'https://example.com/a',
      'www.example.com',
      'mailto:ir@example.com',
      '/about;www.example.com',
    ])
      expect((await save({ ...base, link })).statusCode, link).toBe(200);
    await save(base);
    expect(await writes()).toBeGreaterThan(0);
  });

  it('saves the order whole, and the landing shows it on the next request', async () => {
    const keys = (await settings()).map((s) => s.key);
    const reversed = [...keys].reverse();
    for (const body of [
      { keys: keys.slice(1) },
      { keys: [...keys, 'slider9'] },
      { keys: [...keys, keys[0]] },
      {},
    ]) {
      const reply = await admin.request('POST', '/api/sortSliders', { body });
      expect(reply.statusCode, JSON.stringify(body)).toBeGreaterThanOrEqual(400);
      expect(reply.statusCode).toBeLessThan(500);
    }
    seen.length = 0;
    const reply = await admin.request('POST', '/api/sortSliders', { body: { keys: reversed } });
    expect(reply.statusCode, reply.body).toBe(200);
    expect(seen).toEqual([{ kind: 'site-content', ids: ['sliders'] }]);
    const shown = (await landing(client)).sliders.map((s) => s.key);
    expect(shown).toEqual(reversed.filter((key) => shown.includes(key)));
    expect((await settings()).map((s) => s.key)).toEqual(reversed);
  });

  it('replaces a header picture and resets it to the default; pages see it on the next request', async () => {
    const header = async () => (await anonymous.get('/api/getHeaderImage?key=people')).json();
    expect(await header()).toEqual({ key: 'people', url: null, isDefault: true });
    const narrow = await upload(form(await picture(800, 300)), 'type=header&id=people');
    expect([narrow.statusCode, narrow.json().message]).toEqual([400, texts.headerTooNarrow]);
    const gif = await upload(
      form(await picture(1600, 400, 'gif'), 'h.gif', 'image/gif'),
      'type=header&id=people',
    );
    expect([gif.statusCode, gif.json().message]).toEqual([400, texts.bannerWrongType]);
    seen.length = 0;
    const replaced = await upload(form(await picture(2400, 600, 'jpeg'), 'h.jpg'), 'type=header&id=people');
    expect(replaced.statusCode, replaced.body).toBe(200);
    expect(replaced.json()).toMatchObject({ success: true, message: texts.bannerReplaced, key: 'people' });
    expect(seen).toEqual([{ kind: 'site-content', ids: ['header:people'] }]);
    const now = await header();
    expect(now).toMatchObject({ key: 'people', isDefault: false });
    const served = await anonymous.get(now.url);
    expect(served.statusCode).toBe(200);
    expect((await sharp(served.rawPayload).metadata()).width).toBe(sliderLimits.headerStoredWidth);
    const all = (await admin.get('/api/headerImages')).json().headers as {
      key: string;
      isDefault: boolean;
    }[];
    expect(all.find((h) => h.key === 'people')?.isDefault).toBe(false);
    const reset = await admin.request('GET', '/api/setHeaderImageDefault?key=people');
    expect(reset.statusCode, reset.body).toBe(200);
    expect(await header()).toEqual({ key: 'people', url: null, isDefault: true });
    expect((await anonymous.get(now.url)).statusCode).toBe(404);
    expect((await anonymous.get('/api/getHeaderImage?key=nope')).statusCode).toBe(400);
  });
});

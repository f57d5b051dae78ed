import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { crc32, deflateSync } from 'node:zlib';
import { blogLimits, messagesBlogs, type UploadImageReply } from '@portal/contract';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoPassword } from '../seed/accounts.ts';
import { TestClient } from '../test/client.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';

const texts = messagesBlogs.upload;
const BOUNDARY = '----portal-test-boundary';

interface Part {
  name?: string;
  filename?: string;
  type?: string;
  bytes: Buffer | string;
}

/** A multipart/form-data body as a browser sends it. */
const form = (...parts: Part[]) =>
  Buffer.concat([
    ...parts.flatMap((part) => [
      Buffer.from(
        `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${part.name ?? 'file'}"` +
          `${part.filename === undefined ? '' : `; filename="${part.filename}"`}\r\n` +
          `${part.type ? `Content-Type: ${part.type}\r\n` : ''}\r\n`,
      ),
      Buffer.from(part.bytes),
      Buffer.from('\r\n'),
    ]),
    Buffer.from(`--${BOUNDARY}--\r\n`),
  ]);

/** A PNG whose header claims width x height pixels, with almost no pixel data: a decompression bomb's shape. */
const pngClaiming = (width: number, height: number) => {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 0, 0, 0, 0], 8); // 8-bit greyscale
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.alloc(width + 1))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
};

/**
 * The post editor's image upload (issue 14): type decided by the bytes, size and pixels bounded before decoding,
 * re-encoded by sharp (EXIF rotation applied, metadata gone, at most 1600 px wide) and served from the public
 * 'posts' media folder; every refusal is a 4xx with the contract's message.
 */
describe('POST /posts/uploadImage', () => {
  let t: TestApp;
  let admin: TestClient;
  let png: Buffer;
  let jpeg: Buffer;

  const upload = (
    who: TestClient,
    body: Buffer | string,
    contentType = `multipart/form-data; boundary=${BOUNDARY}`,
  ) => who.request('POST', '/api/posts/uploadImage', { body, headers: { 'content-type': contentType } });
  const refusedWith = async (
    response: Awaited<ReturnType<typeof upload>>,
    status: number,
    message: string,
  ) => {
    expect(response.statusCode, response.body).toBe(status);
    expect(response.json().message).toBe(message);
  };
  let dataDir: string;
  /** The files of the public 'posts' media folder. */
  const stored = async () =>
    (await readdir(path.join(dataDir, 'files', 'posts')).catch(() => [] as string[])).sort();

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'portal-post-images-'));
    t = await createTestApp({ env: { DATA_DIR: dataDir } });
    admin = await TestClient.signedIn(t.app, 'admin@demo.test', demoPassword);
    png = await sharp({ create: { width: 2400, height: 600, channels: 4, background: '#1e6091' } })
      .png()
      .toBuffer();
    // a portrait photo stored sideways with EXIF orientation 6 (rotate 90 degrees) and a camera tag
    jpeg = await sharp({ create: { width: 300, height: 200, channels: 3, background: '#c0392b' } })
      .jpeg()
      .withMetadata({ orientation: 6, exif: { IFD0: { Make: 'FixtureCam', Copyright: 'Secret GPS' } } })
      .toBuffer();
  });
  afterAll(async () => {
    await t?.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('stores a PNG re-encoded at most 1600 px wide and serves it from /api/media/posts', async () => {
    const response = await upload(admin, form({ filename: 'chart.png', type: 'image/png', bytes: png }));
    expect(response.statusCode, response.body).toBe(200);
    const reply = response.json() as UploadImageReply;
    expect(reply.path).toMatch(/^\/api\/media\/posts\/[0-9a-f]{32}\.png$/);
    expect(reply).toMatchObject({ width: blogLimits.imageStoredMaxWidth, height: 400 });
    expect(await stored()).toEqual([reply.path.split('/').at(-1)]);
    const served = await admin.get(reply.path);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    const meta = await sharp(served.rawPayload).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['png', 1600, 400]);
    // anyone may load a post's image (a public post's reader is anonymous)
    const anonymous = await new TestClient(t.app).get(reply.path);
    expect(anonymous.statusCode).toBe(200);
  });

  it('stores a JPEG upright by its EXIF orientation, without its metadata', async () => {
    const response = await upload(admin, form({ filename: 'photo.jpg', type: 'image/jpeg', bytes: jpeg }));
    expect(response.statusCode, response.body).toBe(200);
    const reply = response.json() as UploadImageReply;
    expect(reply.path).toMatch(/\.jpg$/);
    expect([reply.width, reply.height]).toEqual([200, 300]);
    const served = await admin.get(reply.path);
    expect(served.headers['content-type']).toBe('image/jpeg');
    const meta = await sharp(served.rawPayload).metadata();
    expect([meta.width, meta.height, meta.orientation, meta.exif]).toEqual([200, 300, undefined, undefined]);
    expect(served.rawPayload.includes('FixtureCam')).toBe(false);
  });

  it('decides the type by the bytes: a PNG labelled as text is stored, text named .png and SVG are refused', async () => {
    const mislabelled = await upload(admin, form({ filename: 'chart.txt', type: 'text/plain', bytes: png }));
    expect(mislabelled.statusCode, mislabelled.body).toBe(200);
    expect((mislabelled.json() as UploadImageReply).path).toMatch(/\.png$/);
    await refusedWith(
      await upload(admin, form({ filename: 'photo.png', type: 'image/png', bytes: 'not an image at all' })),
      400,
      texts.wrongType,
    );
    const svg =
      '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>';
    await refusedWith(
      await upload(admin, form({ filename: 'logo.svg', type: 'image/svg+xml', bytes: svg })),
      400,
      texts.wrongType,
    );
  });

  it('refuses an oversize file, a decompression bomb and a corrupt image', async () => {
    const before = await stored();
    const big = Buffer.concat([png, Buffer.alloc(blogLimits.imageMaxBytes)]);
    await refusedWith(
      await upload(admin, form({ filename: 'big.png', type: 'image/png', bytes: big })),
      413,
      texts.tooLarge,
    );
    const bomb = pngClaiming(50_000, 50_000);
    expect(bomb.length).toBeLessThan(200_000);
    await refusedWith(
      await upload(admin, form({ filename: 'bomb.png', type: 'image/png', bytes: bomb })),
      413,
      texts.tooManyPixels,
    );
    // a real PNG header whose pixel data is cut off
    await refusedWith(
      await upload(admin, form({ filename: 'cut.png', type: 'image/png', bytes: png.subarray(0, 200) })),
      400,
      texts.unreadable,
    );
    expect(await stored()).toEqual(before);
  });

  it('refuses no file, two files and malformed bodies with 4xx messages, storing nothing', async () => {
    const before = await stored();
    await refusedWith(await upload(admin, form({ name: 'title', bytes: 'hello' })), 400, texts.missing);
    await refusedWith(
      await upload(admin, form({ filename: 'empty.png', type: 'image/png', bytes: '' })),
      400,
      texts.missing,
    );
    await refusedWith(
      await upload(
        admin,
        form(
          { filename: 'a.png', type: 'image/png', bytes: png },
          { filename: 'b.png', type: 'image/png', bytes: png },
        ),
      ),
      400,
      texts.oneFile,
    );
    for (const response of [
      await upload(
        admin,
        `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="x.png"\r\n\r\nabc`,
      ),
      await upload(admin, 'garbage', 'multipart/form-data'),
      await upload(admin, '', `multipart/form-data; boundary=${BOUNDARY}`),
      await upload(admin, '{"file":"x"}', 'application/json'),
      await upload(admin, png, 'image/png'),
    ]) {
      expect(response.statusCode, response.body).toBeGreaterThanOrEqual(400);
      expect(response.statusCode, response.body).toBeLessThan(500);
      expect(response.json().message).toBeTruthy();
    }
    expect(await stored()).toEqual(before);
  });

  it('is for admins only, with the CSRF header; no other route accepts multipart', async () => {
    const client = await TestClient.signedIn(t.app, 'client@demo.test', demoPassword);
    expect((await upload(client, form({ filename: 'a.png', bytes: png }))).statusCode).toBe(403);
    const anonymous = await new TestClient(t.app).start();
    expect((await upload(anonymous, form({ filename: 'a.png', bytes: png }))).statusCode).toBe(401);
    const noCsrf = await admin.request('POST', '/api/posts/uploadImage', {
      body: form({ filename: 'a.png', bytes: png }),
      headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
      csrf: false,
    });
    expect(noCsrf.statusCode).toBe(403);
    const elsewhere = await admin.request('POST', '/api/users/logout', {
      body: form({ filename: 'a.png', bytes: png }),
      headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
    });
    expect(elsewhere.statusCode).toBe(415);
  });
});

import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { expect, it } from 'vitest';
import { InvalidStorageKeyError, isValidStorageKey, type Storage } from './storage.ts';

/** Reads a stream to its end, counting what arrived. */
export const readAll = async (body: Readable) => {
  const chunks: Buffer[] = [];
  for await (const chunk of body) chunks.push(Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks);
};

/** Keys no adapter may write, and where every reader finds nothing. */
export const invalidKeys = [
  '../x',
  '/abs',
  'a//b',
  '.hidden',
  '',
  '../escape.pdf',
  'reports/../../escape.pdf',
  '/etc/passwd',
  'reports//x.pdf',
  'reports/.hidden',
  'reports\\..\\x.pdf',
  'reports/x.pdf/',
  'a/%2e%2e/x.pdf',
  `reports/${'a'.repeat(600)}.pdf`,
];

/**
 * What every Storage adapter does (storage.ts's interface): registers the cases in the calling `describe`.
 * `storage()` is read inside each case, so the adapter may be built in a `beforeAll`.
 */
export const storageContract = (storage: () => Storage) => {
  it('stores, reads, streams and reports files', async () => {
    const s = storage();
    const bytes = new TextEncoder().encode('%PDF-1.7 hello');
    await s.put('reports/2025/r-1.pdf', bytes, 'application/pdf');
    expect(await s.exists('reports/2025/r-1.pdf')).toBe(true);
    expect((await s.get('reports/2025/r-1.pdf'))?.toString()).toBe('%PDF-1.7 hello');
    expect(await s.stat('reports/2025/r-1.pdf')).toEqual({ contentType: 'application/pdf', size: 14 });
    const streamed = await s.stream('reports/2025/r-1.pdf');
    expect(streamed?.file).toEqual({ contentType: 'application/pdf', size: 14 });
    expect((await readAll(streamed!.body)).toString()).toBe('%PDF-1.7 hello');
  });

  it('round-trips binary bytes, and an empty file', async () => {
    const s = storage();
    const bytes = new Uint8Array(70_000).map((_, i) => (i * 7) % 256);
    await s.put('media/photos/p.png', bytes, 'image/png');
    expect(Buffer.compare((await s.get('media/photos/p.png'))!, Buffer.from(bytes))).toBe(0);
    await s.put('media/empty.png', new Uint8Array(0), 'image/png');
    expect((await s.get('media/empty.png'))?.length).toBe(0);
    expect(await s.stat('media/empty.png')).toEqual({ contentType: 'image/png', size: 0 });
    const streamed = await s.stream('media/empty.png');
    expect((await readAll(streamed!.body)).length).toBe(0);
  });

  it('reports the size and the type the key stands for', async () => {
    const s = storage();
    await s.put('docs/page.html', new TextEncoder().encode('<p>hé</p>'), 'text/html');
    expect(await s.stat('docs/page.html')).toEqual({ contentType: 'text/html; charset=utf-8', size: 10 });
    await s.put(
      'docs/sheet.xlsx',
      new Uint8Array(3),
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
    expect(await s.stat('docs/sheet.xlsx')).toEqual({
      contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      size: 3,
    });
  });

  it('streams a byte range: only its bytes arrive, with the whole file described', async () => {
    const s = storage();
    const bytes = new Uint8Array(300_000).map((_, i) => (i * 31 + (i >> 8)) % 256);
    await s.put('films/f.mp4', bytes, 'video/mp4');
    const file = { contentType: 'video/mp4', size: 300_000 };

    const whole = await s.stream('films/f.mp4');
    expect(whole?.file).toEqual(file);
    expect(Buffer.compare(await readAll(whole!.body), Buffer.from(bytes))).toBe(0);

    const middle = await s.stream('films/f.mp4', { start: 123_456, end: 124_455 });
    expect(middle?.file).toEqual(file);
    const read = await readAll(middle!.body);
    expect(read.length).toBe(1000);
    expect(Buffer.compare(read, Buffer.from(bytes.subarray(123_456, 124_456)))).toBe(0);

    // a player's first probe (Safari asks for bytes=0-1)
    const first = await s.stream('films/f.mp4', { start: 0, end: 1 });
    expect([...(await readAll(first!.body))]).toEqual([bytes[0], bytes[1]]);

    const last = await s.stream('films/f.mp4', { start: 299_990, end: 299_999 });
    expect(Buffer.compare(await readAll(last!.body), Buffer.from(bytes.subarray(299_990)))).toBe(0);

    // past the end: what is there (the caller clamps ranges to stat's size; an adapter reads no further)
    const over = await s.stream('films/f.mp4', { start: 299_995, end: 400_000 });
    expect((await readAll(over!.body)).length).toBe(5);
    const beyond = await s.stream('films/f.mp4', { start: 300_000, end: 300_010 });
    expect(beyond?.file).toEqual(file);
    expect((await readAll(beyond!.body)).length).toBe(0);
  });

  it('refuses a byte range that ends before it starts', async () => {
    const s = storage();
    await s.put('films/r.mp4', new Uint8Array(10), 'video/mp4');
    await expect(s.stream('films/r.mp4', { start: 5, end: 2 })).rejects.toThrow(RangeError);
    // nothing there: null, as for any missing key
    expect(await s.stream('films/none.mp4', { start: 5, end: 2 })).toBeNull();
  });

  it('tells whether a key holds a file', async () => {
    const s = storage();
    await s.put('exists/here/a.gif', new Uint8Array([71, 73, 70]), 'image/gif');
    expect(await s.exists('exists/here/a.gif')).toBe(true);
    expect(await s.exists('exists/here/b.gif')).toBe(false);
    // a folder of files is no file
    expect(await s.exists('exists/here')).toBe(false);
    expect(await s.exists('exists')).toBe(false);
  });

  it('deletes a key, and deleting a missing key is no error', async () => {
    const s = storage();
    await s.put('tmp/x.pdf', new Uint8Array([1]), 'application/pdf');
    await s.delete('tmp/x.pdf');
    expect(await s.exists('tmp/x.pdf')).toBe(false);
    expect(await s.get('tmp/x.pdf')).toBeNull();
    expect(await s.stat('tmp/x.pdf')).toBeNull();
    expect(await s.stream('tmp/x.pdf')).toBeNull();
    await s.delete('tmp/x.pdf');
    await s.delete('tmp/never.pdf');
  });

  it('answers null / false for missing keys', async () => {
    const s = storage();
    expect(await s.get('reports/none.pdf')).toBeNull();
    expect(await s.stream('reports/none.pdf')).toBeNull();
    expect(await s.stream('reports/none.pdf', { start: 0, end: 9 })).toBeNull();
    expect(await s.stat('reports/none.pdf')).toBeNull();
    expect(await s.exists('reports/none.pdf')).toBe(false);
    expect(await s.exists('reports')).toBe(false);
  });

  it('overwrites a key', async () => {
    const s = storage();
    await s.put('a.htm', new TextEncoder().encode('<p>1</p>'), 'text/html');
    await s.put('a.htm', new TextEncoder().encode('<p>2</p>'), 'text/html; charset=utf-8');
    expect((await s.get('a.htm'))?.toString()).toBe('<p>2</p>');
  });

  it.each(invalidKeys)('refuses to write the key %j, and finds nothing there', async (key) => {
    const s = storage();
    expect(isValidStorageKey(key)).toBe(false);
    await expect(s.put(key, new Uint8Array([1]), 'application/pdf')).rejects.toThrow(InvalidStorageKeyError);
    await expect(s.put(key, new Uint8Array([1]), 'application/pdf')).rejects.toThrow(/Invalid storage key/);
    await expect(s.delete(key)).rejects.toThrow(InvalidStorageKeyError);
    // Keys reach the readers from requests: an impossible one is simply not there (a 404, not a 500).
    expect(await s.get(key)).toBeNull();
    expect(await s.stream(key)).toBeNull();
    expect(await s.stream(key, { start: 0, end: 0 })).toBeNull();
    expect(await s.stat(key)).toBeNull();
    expect(await s.exists(key)).toBe(false);
  });

  it('refuses a content type that does not match the key', async () => {
    const s = storage();
    await expect(s.put('x.pdf', new Uint8Array([1]), 'text/html')).rejects.toThrow(/does not match/);
    await expect(s.put('y.png', new Uint8Array([1]), 'image/jpeg')).rejects.toThrow(/does not match/);
    expect(await s.exists('x.pdf')).toBe(false);
    expect(await s.exists('y.png')).toBe(false);
  });

  it('stores a file from the local disk, streamed (a spooled upload), whole and by range', async () => {
    const s = storage();
    const dir = await mkdtemp(path.join(tmpdir(), 'portal-put-file-'));
    try {
      const source = path.join(dir, 'upload');
      // 3 MB: more than one chunk of any stream on the way
      const bytes = Buffer.from(new Uint8Array(3 * 1024 * 1024).map((_, i) => (i * 7 + (i >> 10)) % 256));
      await writeFile(source, bytes);
      await s.putFile('films/spooled.mp4', source, 'video/mp4');
      expect(await s.stat('films/spooled.mp4')).toEqual({ contentType: 'video/mp4', size: bytes.length });
      expect(Buffer.compare((await s.get('films/spooled.mp4'))!, bytes)).toBe(0);
      const middle = await s.stream('films/spooled.mp4', { start: 2_000_000, end: 2_000_999 });
      expect(Buffer.compare(await readAll(middle!.body), bytes.subarray(2_000_000, 2_001_000))).toBe(0);
      // the source is the caller's: left where it was
      await writeFile(source, 'x');
      await expect(s.putFile('../escape.mp4', source, 'video/mp4')).rejects.toThrow(InvalidStorageKeyError);
      await expect(s.putFile('films/x.pdf', source, 'video/mp4')).rejects.toThrow(/does not match/);
      await expect(s.putFile('films/none.mp4', path.join(dir, 'missing'), 'video/mp4')).rejects.toThrow();
      expect(await s.exists('films/none.mp4')).toBe(false);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
};

import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLocalStorage, isValidStorageKey, type Storage } from './storage.ts';

let root: string;
let storage: Storage;
beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'portal-storage-'));
  storage = createLocalStorage(path.join(root, 'files'));
});
afterAll(() => rm(root, { recursive: true, force: true }));

describe('local storage', () => {
  it('stores, reads, streams and reports files', async () => {
    const bytes = new TextEncoder().encode('%PDF-1.7 hello');
    await storage.put('reports/2025/r-1.pdf', bytes, 'application/pdf');
    expect(await storage.exists('reports/2025/r-1.pdf')).toBe(true);
    expect((await storage.get('reports/2025/r-1.pdf'))?.toString()).toBe('%PDF-1.7 hello');
    expect(await storage.stat('reports/2025/r-1.pdf')).toEqual({ contentType: 'application/pdf', size: 14 });
    const streamed = await storage.stream('reports/2025/r-1.pdf');
    const chunks: Buffer[] = [];
    for await (const chunk of streamed!.body) chunks.push(chunk as Buffer);
    expect(Buffer.concat(chunks).toString()).toBe('%PDF-1.7 hello');
    // no temporary files are left behind
    expect(await readdir(path.join(root, 'files', 'reports', '2025'))).toEqual(['r-1.pdf']);
  });

  it('deletes a key, and deleting a missing key is no error', async () => {
    await storage.put('tmp/x.pdf', new Uint8Array([1]), 'application/pdf');
    await storage.delete('tmp/x.pdf');
    expect(await storage.exists('tmp/x.pdf')).toBe(false);
    await storage.delete('tmp/x.pdf');
  });

  it('answers null / false for missing keys', async () => {
    expect(await storage.get('reports/none.pdf')).toBeNull();
    expect(await storage.stream('reports/none.pdf')).toBeNull();
    expect(await storage.exists('reports/none.pdf')).toBe(false);
    expect(await storage.exists('reports')).toBe(false);
  });

  it('overwrites a key', async () => {
    await storage.put('a.htm', new TextEncoder().encode('<p>1</p>'), 'text/html');
    await storage.put('a.htm', new TextEncoder().encode('<p>2</p>'), 'text/html; charset=utf-8');
    expect((await storage.get('a.htm'))?.toString()).toBe('<p>2</p>');
  });

  it.each([
    '../escape.pdf',
    'reports/../../escape.pdf',
    '/etc/passwd',
    'reports//x.pdf',
    'reports/.hidden',
    'reports\\..\\x.pdf',
    '',
    'reports/x.pdf/',
    'a/%2e%2e/x.pdf',
    `reports/${'a'.repeat(600)}.pdf`,
  ])('refuses to write the key %j, and finds nothing there', async (key) => {
    expect(isValidStorageKey(key)).toBe(false);
    await expect(storage.put(key, new Uint8Array([1]), 'application/pdf')).rejects.toThrow(
      /Invalid storage key/,
    );
    await expect(storage.delete(key)).rejects.toThrow(/Invalid storage key/);
    // Keys reach the readers from requests: an impossible one is simply not there (a 404, not a 500).
    expect(await storage.get(key)).toBeNull();
    expect(await storage.stream(key)).toBeNull();
    expect(await storage.stat(key)).toBeNull();
    expect(await storage.exists(key)).toBe(false);
  });

  it('finds nothing at a valid key the file system cannot hold', async () => {
    await storage.put('media/a.png', new Uint8Array([1]), 'image/png');
    // a name over the file system's 255 bytes (ENAMETOOLONG), and a path through a file (ENOTDIR)
    for (const key of [`media/${'a'.repeat(252)}.png`, 'media/a.png/b.png']) {
      expect(isValidStorageKey(key)).toBe(true);
      expect(await storage.get(key)).toBeNull();
      expect(await storage.stream(key)).toBeNull();
      expect(await storage.stat(key)).toBeNull();
      expect(await storage.exists(key)).toBe(false);
      await storage.delete(key);
    }
    expect(await storage.exists('media/a.png')).toBe(true);
  });

  it('refuses a content type that does not match the key', async () => {
    await expect(storage.put('x.pdf', new Uint8Array([1]), 'text/html')).rejects.toThrow(/does not match/);
  });
});

import { mkdtemp, readdir, rm } from 'node:fs/promises';
import type { IncomingMessage } from 'node:http';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PutObjectCommand } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { S3Config } from '../../config.ts';
import { createS3Client } from './s3-storage.ts';
import {
  createLocalStorage,
  createS3Storage,
  createStorage,
  isValidStorageKey,
  S3StorageError,
  type Storage,
} from './storage.ts';
import { readAll, storageContract } from './storage-contract.ts';

describe('local storage', () => {
  let root: string;
  let storage: Storage;
  beforeAll(async () => {
    root = await mkdtemp(path.join(tmpdir(), 'portal-storage-'));
    storage = createLocalStorage(path.join(root, 'files'));
  });
  afterAll(() => rm(root, { recursive: true, force: true }));

  storageContract(() => storage);

  it('leaves no temporary files behind', async () => {
    await storage.put('reports/2026/r-1.pdf', new TextEncoder().encode('%PDF-1.7 hello'), 'application/pdf');
    await storage.put('reports/2026/r-1.pdf', new TextEncoder().encode('%PDF-1.7 again'), 'application/pdf');
    expect(await readdir(path.join(root, 'files', 'reports', '2026'))).toEqual(['r-1.pdf']);
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

  it('is what createStorage gives without S3', async () => {
    const chosen = createStorage({ dataDir: root, s3: null });
    await chosen.put('chosen/local.pdf', new Uint8Array([1, 2]), 'application/pdf');
    expect(await storage.stat('chosen/local.pdf')).toEqual({ contentType: 'application/pdf', size: 2 });
  });
});

/** s3rver ships no types: the little the tests use. */
type S3rverServer = { run(): Promise<AddressInfo>; close(): Promise<void> };
const S3rver = createRequire(import.meta.url)('s3rver') as new (options: {
  port: number;
  address: string;
  silent: boolean;
  directory: string;
  configureBuckets: { name: string }[];
}) => S3rverServer;

describe('S3 storage (s3rver)', () => {
  let directory: string;
  let server: S3rverServer | undefined;
  let config: S3Config;
  let storage: Storage;
  beforeAll(async () => {
    directory = await mkdtemp(path.join(tmpdir(), 'portal-s3rver-'));
    server = new S3rver({
      port: 0,
      address: '127.0.0.1',
      silent: true,
      directory,
      configureBuckets: [{ name: 'portal-test' }],
    });
    const { port } = await server.run();
    config = {
      bucket: 'portal-test',
      endpoint: `http://127.0.0.1:${port}`,
      region: 'us-east-1',
      credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
      forcePathStyle: true,
    };
    storage = createS3Storage(config);
  });
  afterAll(async () => {
    await server?.close();
    await rm(directory, { recursive: true, force: true });
  });

  storageContract(() => storage);

  it('asks S3 for the range alone and hands on its response as it comes', async () => {
    const bytes = new Uint8Array(2 * 1024 * 1024).map((_, i) => i % 251);
    await storage.put('films/big.mp4', bytes, 'video/mp4');
    const found = await storage.stream('films/big.mp4', { start: 1_000_000, end: 1_001_023 });
    expect(found?.file).toEqual({ contentType: 'video/mp4', size: 2 * 1024 * 1024 });
    // the SDK's HTTP response itself: a 206 of the range's length, not the object read and cut here
    const response = found!.body as IncomingMessage;
    expect(response.statusCode).toBe(206);
    expect(response.headers['content-length']).toBe('1024');
    expect(response.headers['content-range']).toBe(`bytes 1000000-1001023/${2 * 1024 * 1024}`);
    const read = await readAll(found!.body);
    expect(Buffer.compare(read, Buffer.from(bytes.subarray(1_000_000, 1_001_024)))).toBe(0);
  });

  it('stores the content type on the object', async () => {
    await storage.put('docs/typed.htm', new TextEncoder().encode('<p>x</p>'), 'text/html');
    const response = await fetch(`${config.endpoint}/portal-test/docs/typed.htm`);
    // s3rver serves without a signature; the stored type is the one the key stands for
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
  });

  it('holds a key and keys below it, which one file system could not', async () => {
    await storage.put('media/a.png', new Uint8Array([1]), 'image/png');
    await storage.put('media/a.png/b.png', new Uint8Array([2, 3]), 'image/png');
    expect(await storage.stat('media/a.png/b.png')).toEqual({ contentType: 'image/png', size: 2 });
    expect(await storage.exists('media/a.png')).toBe(true);
  });

  it('refuses to hand on other bytes than the range asked', async () => {
    await storage.put('films/zero.mp4', new Uint8Array([9, 8, 7, 6]), 'video/mp4');
    // s3rver 3.7.1 reads bytes=0-0 as "from 0 to the end" (S3 sends the one byte): a 206 announcing one byte must
    // not carry four, so the adapter checks Content-Range against what it asked and throws instead.
    await expect(storage.stream('films/zero.mp4', { start: 0, end: 0 })).rejects.toMatchObject({
      name: 'S3StorageError',
      code: 'RangeMismatch',
    });
  });

  it('is what createStorage gives with S3 configured', async () => {
    const chosen = createStorage({ dataDir: '/nonexistent', s3: config });
    await chosen.put('chosen/s3.pdf', new Uint8Array([1, 2, 3]), 'application/pdf');
    expect(await storage.stat('chosen/s3.pdf')).toEqual({ contentType: 'application/pdf', size: 3 });
  });

  it('throws other S3 failures, naming no credential', async () => {
    const leaky = {
      ...config,
      credentials: { accessKeyId: 'AKIALEAKCHECK0000001', secretAccessKey: 'not-the-secret-0123' },
    };
    // S3 (and s3rver) send the access key id back in the error, and the SDK's error carries it...
    const raw = await createS3Client(leaky)
      .send(new PutObjectCommand({ Bucket: 'portal-test', Key: 'x/y.pdf', Body: new Uint8Array([1]) }))
      .catch((e: unknown) => e);
    expect(raw).toMatchObject({ name: 'InvalidAccessKeyId', AWSAccessKeyId: 'AKIALEAKCHECK0000001' });
    // ...the adapter's does not
    const wrong = createS3Storage(leaky);
    const error = await wrong.put('x/y.pdf', new Uint8Array([1]), 'application/pdf').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(S3StorageError);
    expect(error).toMatchObject({ code: 'InvalidAccessKeyId', status: 403, operation: 'PutObject' });
    const text = `${(error as Error).message} ${(error as Error).stack} ${JSON.stringify(error)} ${String((error as Error).cause)}`;
    for (const secret of ['AKIALEAKCHECK', 'not-the-secret', 'AWS4-HMAC-SHA256', 'Credential='])
      expect(text).not.toContain(secret);
    await expect(wrong.get('x/y.pdf')).rejects.toThrow(S3StorageError);
    await expect(wrong.stat('x/y.pdf')).rejects.toThrow(S3StorageError);

    const noBucket = createS3Storage({ ...config, bucket: 'no-such-bucket' });
    await expect(noBucket.put('x/y.pdf', new Uint8Array([1]), 'application/pdf')).rejects.toMatchObject({
      code: 'NoSuchBucket',
    });
    await expect(noBucket.get('x/y.pdf')).rejects.toMatchObject({ code: 'NoSuchBucket' });

    // nothing listening (the SDK retries, then gives up): Node's code
    const closed = createS3Storage({ ...config, endpoint: 'http://127.0.0.1:9' });
    await expect(closed.stat('x/y.pdf')).rejects.toMatchObject({
      name: 'S3StorageError',
      code: 'ECONNREFUSED',
    });
  });
});

import { createReadStream } from 'node:fs';
import { stat as statOnDisk } from 'node:fs/promises';
import { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  type GetObjectCommandOutput,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import type { S3Config } from '../../config.ts';
import {
  checkContentType,
  contentTypeOf,
  InvalidStorageKeyError,
  isValidStorageKey,
  type Storage,
  type StoredFile,
} from './storage-core.ts';

/**
 * An S3 call that failed for a reason other than "no such object" (access denied, a missing bucket, the network).
 * Its message and fields are ours and name only the operation, the key, S3's error code, the HTTP status and the
 * request id: the SDK's own error is not kept (not even as `cause`), because S3 copies the request's access key id,
 * string to sign and signature into it on a signature fault, and a logger would print them.
 */
export class S3StorageError extends Error {
  readonly operation: string;
  readonly key: string;
  /** S3's error code (AccessDenied, NoSuchBucket, SignatureDoesNotMatch) or the network's (ECONNREFUSED) */
  readonly code: string;
  readonly status: number | null;
  readonly requestId: string | null;
  constructor(operation: string, key: string, error: unknown) {
    const details = errorDetails(error);
    super(
      `S3 ${operation} of ${JSON.stringify(key)} failed: ${details.code}${details.status ? ` (HTTP ${details.status})` : ''}`,
    );
    this.name = 'S3StorageError';
    this.operation = operation;
    this.key = key;
    this.code = details.code;
    this.status = details.status;
    this.requestId = details.requestId;
  }
}

type SdkError = {
  name?: unknown;
  code?: unknown;
  $fault?: unknown;
  $metadata?: { httpStatusCode?: unknown; requestId?: unknown };
};

const errorDetails = (error: unknown) => {
  const e = (error ?? {}) as SdkError;
  const text = (value: unknown) =>
    typeof value === 'string' && /^[\w.-]{1,100}$/.test(value) ? value : null;
  const status = e.$metadata?.httpStatusCode;
  return {
    // a service error is named by S3's code (AccessDenied), a network error by Node's (ECONNREFUSED)
    code:
      (e.$fault === 'client' || e.$fault === 'server' ? text(e.name) : (text(e.code) ?? text(e.name))) ??
      'UnknownError',
    status: typeof status === 'number' ? status : null,
    requestId: text(e.$metadata?.requestId),
  };
};

/**
 * "No such object": GetObject's NoSuchKey, HeadObject's bodiless 404 (NotFound). A missing bucket is a fault
 * (NoSuchBucket), except on HeadObject, whose 404 carries no code to tell the two apart.
 */
const isAbsent = (error: unknown) => {
  const { name, $metadata } = (error ?? {}) as SdkError;
  if (name === 'NoSuchKey' || name === 'NotFound') return true;
  return $metadata?.httpStatusCode === 404 && name !== 'NoSuchBucket';
};

/** 416: the range starts at or after the end of the object (an empty object has no satisfiable range). */
const isUnsatisfiableRange = (error: unknown) => {
  const { name, $metadata } = (error ?? {}) as SdkError;
  return name === 'InvalidRange' || $metadata?.httpStatusCode === 416;
};

/**
 * The object's full size from a GetObject answer: Content-Range's total ('bytes 0-99/12345') for a range, else
 * Content-Length; undefined when the answer does not say. 'mismatch' when a range was asked and the bytes coming are
 * not exactly those (a store that ignored or misread the Range header): handing them on would send more or other
 * bytes than the caller's 206 reply announces.
 */
const servedSize = (output: GetObjectCommandOutput, range?: { start: number; end: number }) => {
  const length = typeof output.ContentLength === 'number' ? output.ContentLength : undefined;
  const served = /^bytes (\d+)-(\d+)\/(\d+)$/.exec(output.ContentRange?.trim() ?? '');
  if (!range) return length;
  if (served) {
    const [start, end, total] = served.slice(1).map(Number) as [number, number, number];
    return start === range.start && end === Math.min(range.end, total - 1) ? total : 'mismatch';
  }
  // a whole object instead of a range that covers it all is the same bytes
  if (!output.ContentRange && length !== undefined && range.start === 0 && range.end >= length - 1)
    return length;
  return 'mismatch';
};

/**
 * The client for a bucket, from the configuration: the endpoint only when set (else AWS's for the region), the
 * access keys only when set (else the SDK's default chain: AWS_* variables, the instance or task role). The SDK
 * logs nothing (no logger is given), so no signed request reaches a log line. A streamed file holds its connection
 * until the reader has it all (a film to a slow viewer: minutes), so the pool is wider than the SDK's 50, which
 * would queue every other call behind 50 viewers.
 */
export const createS3Client = (config: S3Config) =>
  new S3Client({
    region: config.region,
    requestHandler: { httpAgent: { maxSockets: 512 }, httpsAgent: { maxSockets: 512 } },
    ...(config.endpoint ? { endpoint: config.endpoint } : {}),
    forcePathStyle: config.forcePathStyle,
    // Checksums only where S3 requires them: with the SDK's default, a streamed body is sent aws-chunked with a
    // trailing CRC, which S3-compatible stores that do not speak it (s3rver, older MinIO) keep as the file's bytes.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    ...(config.credentials
      ? {
          credentials: {
            accessKeyId: config.credentials.accessKeyId,
            secretAccessKey: config.credentials.secretAccessKey,
          },
        }
      : {}),
  });

/** One client (one connection pool, one credential chain) per configuration: the server builds many storages. */
const clients = new WeakMap<S3Config, S3Client>();
const clientFor = (config: S3Config) => {
  let client = clients.get(config);
  if (!client) {
    client = createS3Client(config);
    clients.set(config, client);
  }
  return client;
};

const checkRange = (range: { start: number; end: number }) => {
  const { start, end } = range;
  if (!Number.isSafeInteger(start) || !Number.isSafeInteger(end) || start < 0 || end < start)
    throw new RangeError(`Invalid byte range ${start}-${end}`);
};

/**
 * An S3-compatible bucket with the local adapter's semantics (see Storage): the same keys (checked before any
 * request), the content type derived from the key (stored as the object's ContentType too), readers answering
 * null / false for an invalid key or a missing object, writers refusing an invalid key, any other failure an
 * S3StorageError. `stream` hands on the SDK's response stream as it comes: a range is asked of S3 (Range header),
 * so only its bytes travel.
 */
export const createS3Storage = (config: S3Config, options: { client?: S3Client } = {}): Storage => {
  const client = options.client ?? clientFor(config);
  const Bucket = config.bucket;

  const stat = async (key: string): Promise<StoredFile | null> => {
    if (!isValidStorageKey(key)) return null;
    try {
      const head = await client.send(new HeadObjectCommand({ Bucket, Key: key }));
      return { contentType: contentTypeOf(key), size: head.ContentLength ?? 0 };
    } catch (error) {
      if (isAbsent(error)) return null;
      throw new S3StorageError('HeadObject', key, error);
    }
  };

  /** GetObject, or null when there is no such object. */
  const getObject = async (key: string, range?: { start: number; end: number }) => {
    try {
      return await client.send(
        new GetObjectCommand({
          Bucket,
          Key: key,
          ...(range ? { Range: `bytes=${range.start}-${range.end}` } : {}),
        }),
      );
    } catch (error) {
      if (isAbsent(error)) return null;
      throw error;
    }
  };

  return {
    async put(key, bytes, contentType) {
      if (!isValidStorageKey(key)) throw new InvalidStorageKeyError(key);
      const expected = checkContentType(key, contentType);
      try {
        await client.send(
          new PutObjectCommand({
            Bucket,
            Key: key,
            Body: bytes,
            ContentLength: bytes.byteLength,
            ContentType: expected,
          }),
        );
      } catch (error) {
        throw new S3StorageError('PutObject', key, error);
      }
    },
    async putFile(key, sourcePath, contentType) {
      if (!isValidStorageKey(key)) throw new InvalidStorageKeyError(key);
      const expected = checkContentType(key, contentType);
      const { size } = await statOnDisk(sourcePath);
      const body = createReadStream(sourcePath);
      try {
        // The SDK sends a stream of known length as it reads it (one PUT up to 5 GB; uploads here stop at 200 MB).
        await client.send(
          new PutObjectCommand({ Bucket, Key: key, Body: body, ContentLength: size, ContentType: expected }),
        );
      } catch (error) {
        throw new S3StorageError('PutObject', key, error);
      } finally {
        body.destroy();
      }
    },
    async get(key) {
      if (!isValidStorageKey(key)) return null;
      try {
        const output = await getObject(key);
        if (!output) return null;
        if (!output.Body) return Buffer.alloc(0);
        const bytes = await output.Body.transformToByteArray();
        return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
      } catch (error) {
        throw new S3StorageError('GetObject', key, error);
      }
    },
    async stream(key, range) {
      if (!isValidStorageKey(key)) return null;
      if (range) {
        try {
          checkRange(range);
        } catch (error) {
          // as the local adapter: nothing there answers null before a bad range is refused
          if (!(await stat(key))) return null;
          throw error;
        }
      }
      let output: GetObjectCommandOutput | null;
      try {
        output = await getObject(key, range);
      } catch (error) {
        if (!(range && isUnsatisfiableRange(error))) throw new S3StorageError('GetObject', key, error);
        // A range from the end of the object on (the local adapter reads nothing there): an empty body.
        const file = await stat(key);
        return file ? { body: Readable.from([]), file } : null;
      }
      if (!output) return null;
      const body = output.Body;
      // (always a Node stream with the server's client, which speaks Node's http: a fetch handler's is not)
      if (body !== undefined && !(body instanceof Readable))
        throw new S3StorageError('GetObject', key, { name: 'NotANodeStream' });
      const served = servedSize(output, range);
      if (served === 'mismatch') {
        body?.destroy();
        throw new S3StorageError('GetObject', key, { name: 'RangeMismatch' });
      }
      let size = served;
      if (size === undefined) {
        const file = await stat(key);
        if (!file) {
          body?.destroy();
          return null;
        }
        size = file.size;
      }
      return { body: body ?? Readable.from([]), file: { contentType: contentTypeOf(key), size } };
    },
    async exists(key) {
      return (await stat(key)) !== null;
    },
    async delete(key) {
      if (!isValidStorageKey(key)) throw new InvalidStorageKeyError(key);
      try {
        // S3 answers 204 whether or not the object was there.
        await client.send(new DeleteObjectCommand({ Bucket, Key: key }));
      } catch (error) {
        if (isAbsent(error)) return;
        throw new S3StorageError('DeleteObject', key, error);
      }
    },
    stat,
  };
};

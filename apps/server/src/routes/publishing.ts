import multipart from '@fastify/multipart';
import {
  errorReply as errorReplySchema,
  managedReportReply,
  messagesPublishing,
  publishingConstants,
  publishingOptionsReply,
  publishingParams,
  publishMetadata,
  reportUploadLimits,
  updateReportBody,
  uploadMaxBytes,
  uploadTypeOfName,
} from '@portal/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { spooledTypes } from '../modules/ingest/check-upload.ts';
import type { PublishingOutcome, Upload } from '../modules/publishing/publishing.service.ts';
import { discardSpooled } from '../modules/storage/spooled-file.ts';
import { errorReply } from '../plugins/errors.ts';
import { readForm } from '../plugins/multipart-file.ts';
import type { App } from '../types.ts';
import { errorResponses, tableRoute } from './api-route.ts';

const e = messagesPublishing.errors;
const responses = { ...errorResponses, 409: errorReplySchema, 413: errorReplySchema } as const;

const answer = <T>(reply: FastifyReply, outcome: PublishingOutcome<T>) =>
  outcome.ok
    ? { success: true as const, report: outcome.data }
    : reply.code(outcome.status).send(errorReply(outcome.message, outcome.errors));

// The route table admits admins only; the actor is always the session's user.
const actorOf = (request: FastifyRequest) => ({ id: request.session!.user.id });

type Form =
  | { ok: true; file: Upload | null; metadata: string | null }
  | { ok: false; status: 400 | 413; message: string; errors?: Record<string, string> };

/**
 * The publish form (the shared multipart reader): one file (`file`, its type's size limit counted while it
 * streams in, so an oversize upload is refused without being kept) and the `metadata` JSON field. Every fault of
 * the form itself is the sender's: a 400 or 413, never a 5xx.
 */
const readPublishForm = async (request: FastifyRequest): Promise<Form> => {
  const form = await readForm(request, {
    limits: { maxBytes: uploadMaxBytes, fields: 4, fieldBytes: publishingConstants.metadataMaxBytes },
    texts: { tooLarge: e.uploadTooLarge, oneFile: e.oneFile, missing: e.malformed, malformed: e.malformed },
    judgeFile: (fileName) => {
      const type = uploadTypeOfName(fileName);
      if (!type)
        return { refused: { ok: false, status: 400, message: e.fileType, errors: { file: e.fileType } } };
      const maxBytes = reportUploadLimits.maxBytes[type];
      const message = e.fileTooLarge(type, Math.floor(maxBytes / (1024 * 1024)));
      return { maxBytes, tooLarge: { ok: false, status: 413, message, errors: { file: message } } };
    },
    // recordings and films (up to 200 MB) go to a temporary file as they arrive, and from there into storage
    spool: (fileName) => {
      const type = uploadTypeOfName(fileName);
      return type !== null && spooledTypes.includes(type);
    },
  });
  if (!form.ok) return form;
  return {
    ok: true,
    file: form.file,
    metadata: form.fields[publishingConstants.metadataField] ?? null,
  };
};

/**
 * Runs the call on a read form, then removes its spooled file (stored by now, or refused) before the reply is
 * sent: nothing of an upload stays in TMPDIR, whatever the outcome.
 */
const usingForm = async <T>(form: Form & { ok: true }, run: () => Promise<T>) => {
  try {
    return await run();
  } finally {
    if (form.file?.spooled) await discardSpooled(form.file.spooled);
  }
};

/** The metadata JSON through the contract's schema: the value, or the field messages. */
const parseMetadata = <S extends z.ZodType>(schema: S, text: string | null) => {
  let value: unknown;
  try {
    value = JSON.parse(text ?? '');
  } catch {
    return { ok: false as const, message: e.metadataInvalid, errors: { _: e.metadataInvalid } };
  }
  const parsed = schema.safeParse(value);
  if (parsed.success) return { ok: true as const, value: parsed.data as z.output<S> };
  const errors: Record<string, string> = {};
  for (const issue of parsed.error.issues) errors[String(issue.path[0] ?? '_')] ??= issue.message;
  const first = Object.entries(errors).find(([field]) => field !== '_')?.[1];
  return { ok: false as const, message: first ?? e.metadataInvalid, errors };
};

/**
 * Publishing (issue 23; ours): publish, load, edit, replace the file, withdraw. Multipart is registered in this
 * scope only (the two upload calls), so no other route accepts a multipart body.
 */
export const publishingRoutes = (app: App) => {
  const { publishing } = app.services;

  app.route({
    ...tableRoute('GET /admin/publishing/options'),
    schema: { response: { 200: publishingOptionsReply, ...errorResponses } },
    handler: async () => publishing.options(),
  });

  app.route({
    ...tableRoute('GET /reports/:id/manage'),
    schema: { params: publishingParams, response: { 200: managedReportReply, ...responses } },
    handler: async (request, reply) => answer(reply, await publishing.manage(request.params.id)),
  });

  app.route({
    ...tableRoute('POST /reports/:id/update'),
    schema: {
      params: publishingParams,
      body: updateReportBody,
      response: { 200: managedReportReply, ...responses },
    },
    handler: async (request, reply) =>
      answer(reply, await publishing.update(actorOf(request), request.params.id, request.body)),
  });

  app.route({
    ...tableRoute('POST /reports/:id/withdraw'),
    schema: { params: publishingParams, response: { 200: managedReportReply, ...responses } },
    handler: async (request, reply) =>
      answer(reply, await publishing.withdraw(actorOf(request), request.params.id)),
  });

  app.register(async (scope: App) => {
    await scope.register(multipart, { limits: { fileSize: uploadMaxBytes, files: 1 } });

    scope.route({
      ...tableRoute('POST /reports/publish'),
      schema: { response: { 200: managedReportReply, ...responses } },
      handler: async (request, reply) => {
        const form = await readPublishForm(request);
        if (!form.ok) return reply.code(form.status).send(errorReply(form.message, form.errors));
        const outcome = await usingForm(form, async () => {
          const metadata = parseMetadata(publishMetadata, form.metadata);
          if (!metadata.ok) return { ...metadata, status: 400 as const };
          return publishing.publish(actorOf(request), metadata.value, form.file);
        });
        return answer(reply, outcome);
      },
    });

    scope.route({
      ...tableRoute('POST /reports/:id/replaceFile'),
      schema: { params: publishingParams, response: { 200: managedReportReply, ...responses } },
      handler: async (request, reply) => {
        const form = await readPublishForm(request);
        if (!form.ok) return reply.code(form.status).send(errorReply(form.message, form.errors));
        const outcome = await usingForm(form, async () => {
          if (!form.file)
            return {
              ok: false as const,
              status: 400 as const,
              message: e.fileRequired,
              errors: { file: e.fileRequired },
            };
          return publishing.replaceFile(actorOf(request), request.params.id, form.file);
        });
        return answer(reply, outcome);
      },
    });
  });
};

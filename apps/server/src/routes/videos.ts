import {
  errorReply as errorReplySchema,
  fileTokenParams,
  messagesVideos,
  transcriptBody,
  transcriptParams,
  transcriptSaveReply,
  videoAccessReply,
  videoIdParams,
  videoSaveReply,
  videoSearchQuery,
  videoSearchReply,
  videosReply,
  videoWatchBody,
} from '@portal/contract';
import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import { parseByteRange } from '../modules/report-viewer/byte-range.ts';
import type { VideoRefusal } from '../modules/videos/videos.service.ts';
import { errorReply } from '../plugins/errors.ts';
import type { App } from '../types.ts';
import { errorResponses, tableRoute } from './api-route.ts';

const texts: Record<VideoRefusal['reason'], string> = {
  missing: messagesVideos.videoMissing,
  notEntitled: messagesVideos.notEntitled,
  stale: messagesVideos.transcriptChanged,
  linkInvalid: messagesVideos.fileLinkInvalid,
  linkExpired: messagesVideos.fileLinkExpired,
};
const refuse = (reply: FastifyReply, refusal: VideoRefusal) =>
  reply
    .code(refusal.status)
    .header('cache-control', 'private, no-store')
    .send(errorReply(texts[refusal.reason]));
const responses = { ...errorResponses, 409: errorReplySchema, 410: errorReplySchema };

/**
 * Video replays (issue 25; spec 2 and 3 "Videos and transcripts"). Signed-in readers (the route table); the videos
 * service decides who may watch what, with the reports' rule. The route table admits signed-in callers only on
 * these routes: the session is there. Films and transcripts are read through the signed URLs of video_path and
 * transcript_path (GET /videos/files/{token}).
 */
export const videosRoutes = (app: App) => {
  const { videos, storage } = app.services;

  app.route({
    ...tableRoute('GET /videos'),
    schema: { response: { 200: videosReply, ...responses } },
    handler: async (request) => ({ success: true as const, data: await videos.list(request.session!) }),
  });

  app.route({
    ...tableRoute('GET /videos/most_watch'),
    schema: { response: { 200: videosReply, ...responses } },
    handler: async (request) => ({
      success: true as const,
      data: await videos.mostWatched(request.session!),
    }),
  });

  app.route({
    ...tableRoute('GET /videos/saved'),
    schema: { response: { 200: videosReply, ...responses } },
    handler: async (request) => ({ success: true as const, data: await videos.saved(request.session!) }),
  });

  app.route({
    ...tableRoute('GET /videos/search'),
    schema: { querystring: videoSearchQuery, response: { 200: videoSearchReply, ...responses } },
    handler: async (request) => ({
      success: true as const,
      data: await videos.search(request.session!.user, request.query.q),
    }),
  });

  app.route({
    ...tableRoute('POST /videos/save/:id'),
    schema: { params: videoIdParams, response: { 200: videoSaveReply, ...responses } },
    handler: async (request, reply) => {
      const outcome = await videos.toggleSave(request.session!.user, request.params.id);
      return outcome.kind === 'refused'
        ? refuse(reply, outcome)
        : { success: true as const, saved: outcome.saved };
    },
  });

  app.route({
    ...tableRoute('POST /videos/:id'),
    schema: { params: videoIdParams, response: { 200: videoAccessReply, ...responses } },
    handler: async (request, reply) => {
      const outcome = await videos.access(request.session!, request.params.id);
      if (outcome.kind === 'refused') return refuse(reply, outcome);
      return {
        success: true as const,
        data: {
          ...outcome.video,
          currentTime: outcome.currentTime,
          watched: outcome.watched,
          msg: outcome.msg,
        },
      };
    },
  });

  app.route({
    ...tableRoute('POST /videos/:id/watch'),
    schema: {
      params: videoIdParams,
      body: videoWatchBody,
      response: { 200: z.object({ success: z.literal(true) }), ...responses },
    },
    handler: async (request, reply) => {
      const outcome = await videos.watch(request.session!.user, request.params.id, request.body);
      return outcome.kind === 'refused' ? refuse(reply, outcome) : { success: true as const };
    },
  });

  app.route({
    ...tableRoute('POST /transcript/:videoId'),
    schema: {
      params: transcriptParams,
      body: transcriptBody,
      response: { 200: transcriptSaveReply, ...responses },
    },
    handler: async (request, reply) => {
      const { transcript, version } = request.body;
      const outcome = await videos.saveTranscript(request.params.videoId, transcript, version);
      if (outcome.kind === 'refused') return refuse(reply, outcome);
      request.log.info({ video: request.params.videoId, by: request.session?.user.id }, 'Transcript updated');
      return { data: { success: true as const, version: outcome.version } };
    },
  });

  // A signed URL of video_path or transcript_path: the film (byte ranges, read from storage from the asked offset:
  // the player seeks with them), or the transcript's JSON.
  app.route({
    ...tableRoute('GET /videos/files/:token'),
    // No response schema: the film's bytes, the transcript (transcriptReply) or a refusal.
    schema: { params: fileTokenParams },
    handler: async (request, reply) => {
      const outcome = await videos.byToken(request.session!, request.params.token);
      if (outcome.kind === 'refused') return refuse(reply, outcome);
      if (outcome.kind === 'transcript')
        return reply
          .header('cache-control', 'private, no-cache')
          .send({ success: true as const, data: outcome.entries, version: outcome.version });
      const stat = await storage.stat(outcome.key);
      if (!stat) return refuse(reply, { kind: 'refused', status: 404, reason: 'missing' });
      const { size, contentType } = stat;
      reply
        .header('content-type', contentType)
        .header('accept-ranges', 'bytes')
        .header('cache-control', 'private, no-store')
        .header('x-content-type-options', 'nosniff');
      const range = parseByteRange(request.headers.range, size);
      if (range === 'unsatisfiable') return reply.code(416).header('content-range', `bytes */${size}`).send();
      const found = await storage.stream(outcome.key, range ?? undefined);
      if (!found) return refuse(reply, { kind: 'refused', status: 404, reason: 'missing' });
      if (range)
        return reply
          .code(206)
          .header('content-range', `bytes ${range.start}-${range.end}/${size}`)
          .header('content-length', range.end - range.start + 1)
          .send(found.body);
      return reply.header('content-length', size).send(found.body);
    },
  });
};

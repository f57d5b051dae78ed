import multipart from '@fastify/multipart';
import {
  analystPhotoLimits,
  analystPhotoMessages,
  analystPhotoReply,
  bannerReply,
  bannerUploadReply,
  connectLimits,
  errorReply as errorReplySchema,
  headerImageReply,
  messagesConnect,
  messagesSliders,
  sliderLimits,
  uploadQuery,
} from '@portal/contract';
import { z } from 'zod';
import { errorReply } from '../plugins/errors.ts';
import { type ReadFileTexts, readOneFile } from '../plugins/multipart-file.ts';
import type { App } from '../types.ts';
import { errorResponses, tableRoute } from './api-route.ts';

const bannerTexts: ReadFileTexts = {
  ...messagesConnect.bannerUpload,
  tooLarge: messagesConnect.server.bannerTooLarge,
};
const photoTexts: ReadFileTexts = analystPhotoMessages;
const sliderTexts: ReadFileTexts = {
  tooLarge: messagesSliders.videoTooLarge,
  oneFile: messagesSliders.mediaOneFile,
  missing: messagesSliders.mediaMissing,
  malformed: messagesSliders.mediaMalformed,
};
const headerTexts: ReadFileTexts = { ...sliderTexts, tooLarge: messagesSliders.mediaTooLarge };

/** The largest file any upload type takes: each type reads up to its own limit and no further. */
const maxBytes = Math.max(
  connectLimits.bannerMaxBytes,
  analystPhotoLimits.maxBytes,
  sliderLimits.videoMaxBytes,
  sliderLimits.headerMaxBytes,
);

/**
 * POST /upload?type={type}&id={id} (admin; spec 2 and 3 section 7): one image for one thing. `campaign`: an event's
 * banner (the events service checks and re-encodes it); `analyst`: an analyst's photo (the analyst photos service);
 * `banner`: a homepage slide's picture or film, `header`: a page's header picture (the banners service).
 * Multipart is registered in this scope only, so no other route accepts a multipart body.
 */
export const uploadsRoutes = (app: App) => {
  app.register(async (scope: App) => {
    await scope.register(multipart, { limits: { fileSize: maxBytes, files: 1 } });
    scope.route({
      ...tableRoute('POST /upload'),
      schema: {
        querystring: uploadQuery,
        // The analyst reply first: the union takes the first shape that fits (a banner reply has no image_path).
        response: {
          200: z.union([
            analystPhotoReply,
            bannerUploadReply,
            headerImageReply.extend(bannerReply.shape),
            bannerReply,
          ]),
          ...errorResponses,
          413: errorReplySchema,
        },
      },
      handler: async (request, reply) => {
        const query = request.query;
        if (query.type === 'banner') {
          const read = await readOneFile(request, sliderLimits.videoMaxBytes, sliderTexts);
          if (!read.ok) return reply.code(read.status).send(errorReply(read.message));
          const outcome = await scope.services.banners.storeSliderMedia(read.bytes);
          if (outcome.kind === 'refused') return reply.code(outcome.status).send(errorReply(outcome.message));
          request.log.info(
            { media: outcome.mediaKey, by: request.session?.user.id },
            'Slider media uploaded',
          );
          return {
            success: true as const,
            message: messagesSliders.uploaded,
            mediaKey: outcome.mediaKey,
            url: `/api/media/${outcome.mediaKey}`,
            type: outcome.type,
            format: outcome.format,
          };
        }
        if (query.type === 'header') {
          const read = await readOneFile(request, sliderLimits.headerMaxBytes, headerTexts);
          if (!read.ok) return reply.code(read.status).send(errorReply(read.message));
          const outcome = await scope.services.banners.replaceHeaderImage(query.id, read.bytes);
          if (outcome.kind === 'refused') return reply.code(outcome.status).send(errorReply(outcome.message));
          request.log.info({ header: query.id, by: request.session?.user.id }, 'Header image replaced');
          return {
            ...outcome.header,
            success: true as const,
            message: messagesSliders.bannerReplaced,
            url: outcome.header.url ?? '',
          };
        }
        const { type, id } = query;
        if (type === 'analyst') {
          const read = await readOneFile(request, analystPhotoLimits.maxBytes, photoTexts);
          if (!read.ok) return reply.code(read.status).send(errorReply(read.message));
          const outcome = await scope.services.analystPhotos.replace(id, read.bytes);
          if (outcome.kind === 'refused') return reply.code(outcome.status).send(errorReply(outcome.message));
          request.log.info({ analyst: id, by: request.session?.user.id }, 'Analyst photo replaced');
          return {
            success: true as const,
            message: analystPhotoMessages.uploaded,
            url: outcome.url,
            image_path: outcome.imagePath,
          };
        }
        const read = await readOneFile(request, connectLimits.bannerMaxBytes, bannerTexts);
        if (!read.ok) return reply.code(read.status).send(errorReply(read.message));
        const outcome = await scope.services.events.replaceBanner(id, read.bytes);
        if (outcome.kind === 'refused') return reply.code(outcome.status).send(errorReply(outcome.message));
        request.log.info({ event: id, by: request.session?.user.id }, 'Event banner replaced');
        return {
          success: true as const,
          message: messagesConnect.registration.bannerReplaced,
          url: outcome.url,
        };
      },
    });
  });
};

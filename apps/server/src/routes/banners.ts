import {
  errorReply as errorReplySchema,
  headerImageQuery,
  headerImageReply,
  headerImagesReply,
  messagesSliders,
  saveSliderBody,
  saveSliderReply,
  sliderSettingsReply,
  sortSlidersBody,
} from '@portal/contract';
import { z } from 'zod';
import { errorReply } from '../plugins/errors.ts';
import type { App } from '../types.ts';
import { errorResponses, tableRoute } from './api-route.ts';

/**
 * Homepage Slider Management and header images (issue 24; spec 2 "Sliders and images"). Admin only (the route
 * table), except the public GET /getHeaderImage the pages read; the banners service decides. The media upload is
 * POST /upload?type=banner|header (routes/uploads.ts).
 */
export const bannersRoutes = (app: App) => {
  const { banners } = app.services;

  app.route({
    ...tableRoute('GET /sliderSettings'),
    schema: { response: { 200: sliderSettingsReply, ...errorResponses } },
    handler: async () => ({ sliders: await banners.listSliders() }),
  });

  app.route({
    ...tableRoute('POST /saveSlider'),
    schema: {
      body: saveSliderBody,
      response: { 200: saveSliderReply, ...errorResponses, 409: errorReplySchema },
    },
    handler: async (request, reply) => {
      const outcome = await banners.saveSlider(request.body);
      if (outcome.kind === 'refused') return reply.code(outcome.status).send(errorReply(outcome.message));
      return { slider: outcome.slider, emptied: outcome.emptied };
    },
  });

  app.route({
    ...tableRoute('POST /sortSliders'),
    schema: {
      body: sortSlidersBody,
      response: { 200: z.object({ success: z.literal(true) }), ...errorResponses, 409: errorReplySchema },
    },
    handler: async (request, reply) =>
      (await banners.sortSliders(request.body.keys)) === 'sorted'
        ? { success: true as const }
        : reply.code(409).send(errorReply(messagesSliders.orderMismatch)),
  });

  app.route({
    ...tableRoute('GET /getHeaderImage'),
    schema: { querystring: headerImageQuery, response: { 200: headerImageReply, ...errorResponses } },
    handler: async (request) => banners.headerImage(request.query.key),
  });

  app.route({
    ...tableRoute('GET /headerImages'),
    schema: { response: { 200: headerImagesReply, ...errorResponses } },
    handler: async () => ({ headers: await banners.headerImages() }),
  });

  app.route({
    ...tableRoute('GET /setHeaderImageDefault'),
    schema: { querystring: headerImageQuery, response: { 200: headerImageReply, ...errorResponses } },
    handler: async (request) => banners.resetHeaderImage(request.query.key),
  });
};

import {
  contentReply,
  contentUpdateBody,
  contentUpdateReply,
  customPageParamParams,
  customPageParamReply,
  landingReply,
  messages,
  messagesSite,
  navItemsReply,
} from '@portal/contract';
import { errorReply } from '../plugins/errors.ts';
import type { App } from '../types.ts';
import { errorResponses, tableRoute } from './api-route.ts';

/**
 * Navigation, landing data, content and page parameters (issue 5): public and read-only; the content's update
 * (Our Firm Management, issue 24) is the admin's.
 */
export const siteRoutes = (app: App) => {
  const { site, parameters } = app.services;

  app.route({
    ...tableRoute('GET /getNavItems'),
    schema: { response: { 200: navItemsReply, ...errorResponses } },
    handler: async () => ({ data: await site.navItems() }),
  });

  app.route({
    ...tableRoute('GET /landing'),
    schema: { response: { 200: landingReply, ...errorResponses } },
    handler: (request) => site.landing(request.session !== null),
  });

  app.route({
    ...tableRoute('GET /content'),
    schema: { response: { 200: contentReply, ...errorResponses } },
    handler: async () => ({ data: await site.about() }),
  });

  app.route({
    ...tableRoute('POST /content/update'),
    schema: { body: contentUpdateBody, response: { 200: contentUpdateReply, ...errorResponses } },
    handler: async (request, reply) => {
      const saved = await site.updateAbout(request.body.html);
      if (!saved) return reply.code(400).send(errorReply(messagesSite.ourFirm.empty));
      return { success: true as const, data: saved };
    },
  });

  app.route({
    ...tableRoute('GET /getCustomPageParam/:name'),
    schema: { params: customPageParamParams, response: { 200: customPageParamReply, ...errorResponses } },
    handler: async (request, reply) => {
      const { names, list } = request.params.name;
      const found = await parameters.getPublicPage(names);
      if (list) return { data: found };
      return found[0] ?? reply.code(404).send(errorReply(messages.errors.notFound));
    },
  });
};

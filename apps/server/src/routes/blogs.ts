import {
  associatedResearchReply,
  blogConfigBody,
  blogConfigReply,
  blogInfosReply,
  deleteFavouriteQuery,
  errorReply as errorReplySchema,
  getPostsQuery,
  messagesBlogs,
  postBody,
  postIdParams,
  postIdPathParams,
  postIdQuery,
  postPageReply,
  postRefusalReply,
  postReply,
  postsReply,
  publishQuery,
  saveBlogResearchBody,
  updateBlogsListBody,
} from '@portal/contract';
import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import { JsonBody } from '../modules/cache/json-body.ts';
import { errorReply } from '../plugins/errors.ts';
import type { App } from '../types.ts';
import { errorResponses, tableRoute } from './api-route.ts';

const e = messagesBlogs.errors;
const v = messagesBlogs.validation;
/** A refused post page: its metadata and the HTML shown in the page; other 401/403s keep the common shape. */
const refusalResponses = {
  ...errorResponses,
  401: z.union([postRefusalReply, errorReplySchema]),
  403: z.union([postRefusalReply, errorReplySchema]),
} as const;
const withConflict = { ...errorResponses, 409: errorReplySchema } as const;

/** Blogs and posts (issue 14; spec 2 section 7): thin routes, the rules are the blogs service's. */
export const blogsRoutes = (app: App) => {
  const { blogs } = app.services;

  app.route({
    ...tableRoute('GET /blogs'),
    schema: { response: { 200: blogInfosReply, ...errorResponses } },
    handler: async () => ({ data: await blogs.listBlogs() }),
  });

  app.route({
    ...tableRoute('POST /blog/config'),
    schema: { body: blogConfigBody, response: { 200: blogConfigReply, ...errorResponses } },
    handler: async (request, reply) => {
      const outcome = await blogs.saveBlog(request.body);
      if (outcome.kind === 'blogNotFound') return reply.code(404).send(errorReply(e.blogNotFound));
      if (outcome.kind === 'unknownAuthor')
        return reply.code(400).send(errorReply(e.unknownAuthor, { 'author.id': e.unknownAuthor }));
      if (outcome.kind === 'unknownSectors')
        return reply.code(400).send(errorReply(e.unknownSectors, { selectedSectors: e.unknownSectors }));
      return { data: outcome.blog };
    },
  });

  app.route({
    ...tableRoute('POST /updateBlogsList'),
    schema: { body: updateBlogsListBody, response: { 200: blogInfosReply, ...withConflict } },
    handler: async (request, reply) => {
      const outcome = await blogs.reorder(request.body.keys);
      if (outcome.kind === 'orderInvalid') return reply.code(409).send(errorReply(v.orderInvalid));
      return { data: outcome.blogs };
    },
  });

  app.route({
    ...tableRoute('GET /deleteFavourite'),
    schema: { querystring: deleteFavouriteQuery, response: { 200: blogInfosReply, ...withConflict } },
    handler: async (request, reply) => {
      const outcome = await blogs.deleteBlog(request.query.key);
      if (outcome.kind === 'blogNotFound') return reply.code(404).send(errorReply(e.blogNotFound));
      if (outcome.kind === 'hasPosts') return reply.code(409).send(errorReply(e.blogHasPosts(outcome.count)));
      return { data: outcome.blogs };
    },
  });

  /** The refusal of a post write. */
  const saveRefusal = (outcome: Exclude<Awaited<ReturnType<typeof blogs.savePost>>, { kind: 'ok' }>) => {
    if (outcome.kind === 'emptyText')
      return { status: 400 as const, body: errorReply(e.emptyText, { html: e.emptyText }) };
    return {
      status: 404 as const,
      body: errorReply(outcome.kind === 'blogNotFound' ? e.blogNotFound : e.postNotFound),
    };
  };

  app.route({
    ...tableRoute('POST /blog/createPost'),
    schema: { body: postBody, response: { 200: postReply, ...errorResponses } },
    // The route table admits admins only; the session is there.
    handler: async (request, reply) => {
      const outcome = await blogs.savePost(request.session!.user, null, request.body);
      if (outcome.kind === 'ok') return { data: outcome.post };
      const refused = saveRefusal(outcome);
      return reply.code(refused.status).send(refused.body);
    },
  });

  app.route({
    ...tableRoute('POST /post/updatePost/:postId'),
    schema: { params: postIdPathParams, body: postBody, response: { 200: postReply, ...errorResponses } },
    handler: async (request, reply) => {
      const outcome = await blogs.savePost(request.session!.user, request.params.postId, request.body);
      if (outcome.kind === 'ok') return { data: outcome.post };
      const refused = saveRefusal(outcome);
      return reply.code(refused.status).send(refused.body);
    },
  });

  app.route({
    ...tableRoute('GET /post/delete'),
    schema: { querystring: postIdQuery, response: { 200: postsReply, ...errorResponses } },
    handler: async (request, reply) => {
      const outcome = await blogs.deletePost(request.session!.user, request.query.id);
      if (outcome.kind === 'postNotFound') return reply.code(404).send(errorReply(e.postNotFound));
      return outcome.reply;
    },
  });

  for (const [key, publish] of [
    ['GET /publishPost', true],
    ['GET /unPublishPost', false],
  ] as const) {
    app.route({
      ...tableRoute(key),
      schema: { querystring: publishQuery, response: { 200: postsReply, ...errorResponses } },
      handler: async (request, reply) => {
        const { id, key: blogKey } = request.query;
        const outcome = await blogs.setPublished(request.session!.user, id, publish, blogKey);
        if (outcome.kind === 'postNotFound') return reply.code(404).send(errorReply(e.postNotFound));
        return outcome.reply;
      },
    });
  }

  app.route({
    ...tableRoute('GET /blog/getPosts'),
    schema: { querystring: getPostsQuery, response: { 200: postsReply, ...errorResponses } },
    handler: async (request, reply) => {
      const outcome = await blogs.listPosts(request.session?.user ?? null, request.query);
      if (outcome.kind === 'draftsAdminOnly') return reply.code(403).send(errorReply(e.draftsAdminOnly));
      if (outcome.kind === 'blogNotFound') return reply.code(404).send(errorReply(e.blogNotFound));
      if (outcome.kind === 'badCursor')
        return reply.code(400).send(errorReply(e.cursorInvalid, { cursor: e.cursorInvalid }));
      return outcome.reply;
    },
  });

  app.route({
    ...tableRoute('GET /post/:id'),
    schema: { params: postIdParams, response: { 200: postPageReply, ...refusalResponses } },
    handler: async (request, reply) => {
      const outcome = await blogs.postPage(request.session?.user ?? null, request.params.id);
      if (outcome.kind === 'notFound') return reply.code(404).send(errorReply(e.postNotFound));
      if (outcome.kind === 'refused') return reply.code(outcome.status).send(outcome.reply);
      // A reader's reply is rendered (and validated) by the service already: sent as it is.
      if (outcome.reply instanceof JsonBody)
        return (reply as FastifyReply).type('application/json; charset=utf-8').send(outcome.reply.text);
      return outcome.reply;
    },
  });

  app.route({
    ...tableRoute('POST /post/saveBlogResearch'),
    schema: { body: saveBlogResearchBody, response: { 200: associatedResearchReply, ...errorResponses } },
    handler: async (request, reply) => {
      const { iPostID, sResearches } = request.body;
      const outcome = await blogs.saveResearch(request.session!.user, iPostID, sResearches);
      if (outcome.kind === 'postNotFound') return reply.code(404).send(errorReply(e.postNotFound));
      if (outcome.kind === 'tooMany')
        return reply.code(400).send(errorReply(v.tooManyResearch, { sResearches: v.tooManyResearch }));
      if (outcome.kind === 'unknownResearch')
        return reply.code(400).send(errorReply(v.unknownResearch, { sResearches: v.unknownResearch }));
      return outcome.reply;
    },
  });

  app.route({
    ...tableRoute('GET /post/associatedResearch/:id'),
    schema: { params: postIdParams, response: { 200: associatedResearchReply, ...refusalResponses } },
    handler: async (request, reply) => {
      const outcome = await blogs.associatedResearch(request.session?.user ?? null, request.params.id);
      if (outcome.kind === 'notFound') return reply.code(404).send(errorReply(e.postNotFound));
      if (outcome.kind === 'refused') return reply.code(outcome.status).send(outcome.reply);
      return outcome.reply;
    },
  });
};

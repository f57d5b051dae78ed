import { messages, publicMediaFolders } from '@portal/contract';
import { z } from 'zod';
import type { Config } from '../config.ts';
import { createStorage } from '../modules/storage/storage.ts';
import { errorReply } from '../plugins/errors.ts';
import type { App } from '../types.ts';
import { tableRoute } from './api-route.ts';

const mediaParams = z.object({
  folder: z.enum(publicMediaFolders),
  file: z.string().regex(/^[A-Za-z0-9][A-Za-z0-9_-]*\.(png|jpe?g|webp)$/i, 'Not an image name'),
});

/**
 * Public catalogue images (analyst photos, sector covers, company logos) from the file storage. Only the
 * allow-listed folders and image names are served: report files stay behind the entitlement checks.
 */
export const mediaRoutes = (app: App, config: Config) => {
  const storage = createStorage(config);
  app.route({
    ...tableRoute('GET /media/:folder/:file'),
    schema: { params: mediaParams },
    handler: async (request, reply) => {
      const { folder, file } = request.params;
      const found = await storage.stream(`${folder}/${file}`);
      if (!found) return reply.code(404).send(errorReply(messages.errors.notFound));
      return reply
        .header('content-type', found.file.contentType)
        .header('content-length', found.file.size)
        .header('cache-control', 'public, max-age=86400')
        .header('x-content-type-options', 'nosniff')
        .send(found.body);
    },
  });
};

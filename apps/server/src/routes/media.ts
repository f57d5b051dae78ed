import { brandFilePattern, messages, publicMediaFolders, textField } from '@portal/contract';
import { z } from 'zod';
import { errorReply } from '../plugins/errors.ts';
import type { App } from '../types.ts';
import { tableRoute } from './api-route.ts';

const imageName = /^[A-Za-z0-9][A-Za-z0-9_-]*\.(png|jpe?g|webp)$/i;
/**
 * Catalogue images are named by ids and keys ('1001.png', 'sliders/3.webp'); far below the file system's 255 bytes
 * per name and the storage's 512 per key, so a longer name is refused here instead of reaching either.
 */
const mediaNameMax = 120;
const mediaParams = z
  .object({
    folder: z.enum(publicMediaFolders),
    file: textField().max(mediaNameMax, 'Not an image name'),
  })
  // The brand folder holds the logo named by FIRM_LOGO (the same names as its check accepts, svg included).
  .refine(({ folder, file }) => (folder === 'brand' ? brandFilePattern : imageName).test(file), {
    message: 'Not an image name',
    path: ['file'],
  });

/**
 * An SVG opened on its own is a document that could run script: it gets a policy that runs none and loads
 * nothing but its own inline styles, in a sandbox (as an <img> it never runs script anyway).
 */
const svgPolicy = "default-src 'none'; style-src 'unsafe-inline'; script-src 'none'; sandbox";

/**
 * Catalogue images (analyst photos, sector covers, company logos, the firm's logo) from the file storage.
 * Only the allow-listed folders and image names are served: report files stay behind the entitlement checks.
 */
export const mediaRoutes = (app: App) => {
  const { storage } = app.services;
  app.route({
    ...tableRoute('GET /media/:folder/:file'),
    schema: { params: mediaParams },
    handler: async (request, reply) => {
      const { folder, file } = request.params;
      // The picture of a private slide is for signed-in readers, like the slide (GET /landing).
      const privateSlide =
        folder === 'sliders' && (await app.services.site.privateSliderMedia(`sliders/${file}`));
      if (privateSlide && !request.session) return reply.code(404).send(errorReply(messages.errors.notFound));
      const found = await storage.stream(`${folder}/${file}`);
      if (!found) return reply.code(404).send(errorReply(messages.errors.notFound));
      if (/\.svg$/i.test(file) || found.file.contentType.startsWith('image/svg+xml'))
        reply.header('content-security-policy', svgPolicy);
      return reply
        .header('content-type', found.file.contentType)
        .header('content-length', found.file.size)
        .header('cache-control', privateSlide ? 'private, max-age=3600' : 'public, max-age=86400')
        .header('x-content-type-options', 'nosniff')
        .send(found.body);
    },
  });
};

import { brandFilePattern, messages, publicMediaFolders, textField } from '@portal/contract';
import { z } from 'zod';
import { parseByteRange, sliceStream } from '../modules/report-viewer/byte-range.ts';
import { errorReply } from '../plugins/errors.ts';
import type { App } from '../types.ts';
import { tableRoute } from './api-route.ts';

const imageName = /^[A-Za-z0-9][A-Za-z0-9_-]*\.(png|jpe?g|webp)$/i;
// A slide may hold a film or an animated picture (issue 24: the slider's uploads).
const sliderName = /^[A-Za-z0-9][A-Za-z0-9_-]*\.(png|jpe?g|webp|gif|mp4|m4v|mov|avi|mpg)$/i;
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
  .refine(
    ({ folder, file }) =>
      (folder === 'brand' ? brandFilePattern : folder === 'sliders' ? sliderName : imageName).test(file),
    {
      message: 'Not an image name',
      path: ['file'],
    },
  );

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
      reply
        .header('content-type', found.file.contentType)
        .header('accept-ranges', 'bytes')
        .header('cache-control', privateSlide ? 'private, max-age=3600' : 'public, max-age=86400')
        .header('x-content-type-options', 'nosniff');
      // A slide's film is played and sought through byte ranges (a browser asks for them).
      const range = parseByteRange(request.headers.range, found.file.size);
      if (range === 'unsatisfiable') {
        found.body.destroy();
        return reply.code(416).header('content-range', `bytes */${found.file.size}`).send();
      }
      if (range)
        return reply
          .code(206)
          .header('content-range', `bytes ${range.start}-${range.end}/${found.file.size}`)
          .header('content-length', range.end - range.start + 1)
          .send(sliceStream(found.body, range));
      return reply.header('content-length', found.file.size).send(found.body);
    },
  });
};

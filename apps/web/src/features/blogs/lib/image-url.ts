import { publicMediaFolders } from '@portal/contract';
import { getRuntimeConfig } from '../../../lib/runtime-config.ts';

/**
 * A card's image as a URL the browser can load: https and root paths pass; a key in a public media folder
 * ('posts/12.webp') is served by GET {apiBase}/media/{key}; anything else has no public address (no image).
 */
export const postImageUrl = (path: string | null | undefined) => {
  if (!path) return undefined;
  if (/^https:\/\//i.test(path) || (path.startsWith('/') && !path.startsWith('//'))) return path;
  const folder = path.split('/')[0] ?? '';
  return (publicMediaFolders as readonly string[]).includes(folder) && /^[\w-]+\/[\w.-]+$/.test(path)
    ? `${getRuntimeConfig().apiBase}/media/${path}`
    : undefined;
};

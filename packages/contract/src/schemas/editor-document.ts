import { publicMediaFolders } from '../api-routes.ts';
import { messagesBlogs } from '../messages-blogs.ts';

/**
 * The post editor's document (Tiptap JSON, issue 21): what the blog admin's editor can make, and nothing more is
 * stored. The editor is the starter kit without its own link, Mantine's link and the image extension
 * (apps/web/src/features/blog-admin/hooks/use-blog-editor.ts); a web test compares these lists with that editor's
 * schema, so the two cannot drift apart.
 */
export const editorNodeTypes = [
  'doc',
  'paragraph',
  'text',
  'heading',
  'blockquote',
  'bulletList',
  'orderedList',
  'listItem',
  'codeBlock',
  'hardBreak',
  'horizontalRule',
  'image',
] as const;
export const editorMarkTypes = ['bold', 'italic', 'underline', 'strike', 'code', 'link'] as const;

/** Deeper than any list the editor nests; the body parser bounds JSON depth for every route besides. */
const MAX_DEPTH = 100;

const ownMediaPattern = new RegExp(
  `^/api/media/(?:${publicMediaFolders.join('|')})/[A-Za-z0-9][A-Za-z0-9._-]*$`,
);

/**
 * Whether a picture's source is one of our own public media (`/api/media/{folder}/{file}`, as the upload answers):
 * never another site's address (a beacon of every reader's address), `data:` or `javascript:`.
 */
export const isOwnMediaPath = (src: unknown): src is string =>
  typeof src === 'string' && ownMediaPattern.test(src) && !src.includes('..');

/**
 * Whether a link's target is http(s), mailto or a path of this portal. Browsers drop tabs and line breaks inside
 * URLs and leading spaces, so `java\tscript:` is judged as `javascript:`; `//host` and `/\host` are other sites.
 */
export const isAllowedLinkHref = (href: unknown): href is string => {
  if (typeof href !== 'string') return false;
  // biome-ignore lint/suspicious/noControlCharactersInRegex: the characters a browser ignores in a URL
  const url = href.replace(/[\t\n\r]/g, '').replace(/^[\u0000-\u0020]+/, '');
  if (url === '') return false;
  const scheme = /^([A-Za-z][A-Za-z0-9+.-]*):/.exec(url);
  if (scheme) return ['http', 'https', 'mailto'].includes(scheme[1]!.toLowerCase());
  return !/^[/\\]{2}/.test(url) && !/^\/\\/.test(url);
};

const nodeTypes = new Set<string>(editorNodeTypes);
const markTypes = new Set<string>(editorMarkTypes);
const m = messagesBlogs.validation;

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const primitive = (value: unknown) =>
  value === null || ['string', 'number', 'boolean'].includes(typeof value);
const attrsValid = (attrs: unknown) =>
  attrs === undefined || (isPlainObject(attrs) && Object.values(attrs).every(primitive));

/**
 * The first problem of an editor document, as the message a 400 carries, or null when the editor could have made
 * it: a `doc` of known nodes and marks (attributes plain values), links to http(s), mailto or our paths, pictures
 * from our own media. Walks without recursion.
 */
export const editorDocumentProblem = (document: unknown): string | null => {
  if (!isPlainObject(document) || document.type !== 'doc') return m.draftInvalid;
  const stack: { node: unknown; depth: number }[] = [{ node: document, depth: 0 }];
  while (stack.length > 0) {
    const { node, depth } = stack.pop()!;
    if (depth > MAX_DEPTH || !isPlainObject(node) || typeof node.type !== 'string') return m.draftInvalid;
    const { type, attrs, content, marks, text } = node;
    if (!nodeTypes.has(type)) return m.draftNodeInvalid(type);
    if (!attrsValid(attrs)) return m.draftInvalid;
    if (type === 'text' ? typeof text !== 'string' || content !== undefined : text !== undefined)
      return m.draftInvalid;
    if (type === 'image' && !isOwnMediaPath((attrs as Record<string, unknown> | undefined)?.src))
      return m.draftImageInvalid;
    if (marks !== undefined) {
      if (!Array.isArray(marks)) return m.draftInvalid;
      for (const mark of marks) {
        if (!isPlainObject(mark) || typeof mark.type !== 'string') return m.draftInvalid;
        if (!markTypes.has(mark.type)) return m.draftMarkInvalid(mark.type);
        if (!attrsValid(mark.attrs)) return m.draftInvalid;
        if (
          mark.type === 'link' &&
          !isAllowedLinkHref((mark.attrs as Record<string, unknown> | undefined)?.href)
        )
          return m.draftLinkInvalid;
      }
    }
    if (content !== undefined) {
      if (!Array.isArray(content)) return m.draftInvalid;
      for (const child of content) stack.push({ node: child, depth: depth + 1 });
    }
  }
  return null;
};

import { createElement, type ReactNode } from 'react';

// Stored page HTML (the About text, custom pages, the contact block) is written by administrators; it is still
// rebuilt from an allow-list here and never set as HTML, so a script, an event handler or a javascript: link in
// it has no effect. Tags outside the list are dropped but their text is kept; script-like tags go entirely.
const allowedTags = new Set([
  'p',
  'br',
  'hr',
  'strong',
  'b',
  'em',
  'i',
  'u',
  's',
  'small',
  'mark',
  'sub',
  'sup',
  'span',
  'div',
  'section',
  'article',
  'aside',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'ul',
  'ol',
  'li',
  'dl',
  'dt',
  'dd',
  'blockquote',
  'pre',
  'code',
  'a',
  'img',
  'figure',
  'figcaption',
  'table',
  'caption',
  'thead',
  'tbody',
  'tfoot',
  'tr',
  'th',
  'td',
  'address',
]);
const droppedTags = new Set([
  'script',
  'style',
  'template',
  'iframe',
  'object',
  'embed',
  'noscript',
  'frame',
  'frameset',
  'svg',
  'math',
  'form',
  'input',
  'button',
  'select',
  'textarea',
  'link',
  'meta',
  'head',
  'title',
]);
const voidTags = new Set(['br', 'hr', 'img']);

/** Ids an author may give an element so that `?pageid=` can scroll to it. */
const safeId = /^[A-Za-z][\w.:-]{0,63}$/;

export const safeHref = (href: string | null) => {
  if (!href) return undefined;
  const value = href.trim();
  return /^(https?:|mailto:|tel:|#|\/(?!\/))/i.test(value) ? value : undefined;
};

// Only same-site images and https ones; no data: or protocol-relative URLs.
const safeSrc = (src: string | null) => {
  if (!src) return undefined;
  const value = src.trim();
  return /^(https:|\/(?!\/))/i.test(value) ? value : undefined;
};

const cellSpan = (value: string | null) => {
  const n = Number(value);
  return Number.isInteger(n) && n > 1 && n <= 50 ? n : undefined;
};

export interface RichHtmlOptions {
  /**
   * The highest heading level the content may use: 2 when the page already has its own h1 (a stored h1 becomes
   * an h2), 1 when the content is the whole page.
   */
  topHeading?: 1 | 2;
}

const headingTag = (tag: string, top: 1 | 2) => `h${Math.max(Number(tag.slice(1)), top)}`;

const convert = (node: Node, key: string, options: Required<RichHtmlOptions>): ReactNode => {
  if (node.nodeType === Node.TEXT_NODE) return node.textContent;
  if (node.nodeType !== Node.ELEMENT_NODE) return null;
  const element = node as Element;
  const tag = element.tagName.toLowerCase();
  if (droppedTags.has(tag)) return null;
  const children = voidTags.has(tag)
    ? []
    : Array.from(element.childNodes).map((child, i) => convert(child, `${key}.${i}`, options));
  if (!allowedTags.has(tag)) return children;

  const props: Record<string, unknown> = { key };
  const id = element.getAttribute('id');
  if (id && safeId.test(id)) props.id = id;

  if (tag === 'a') {
    const href = safeHref(element.getAttribute('href'));
    if (!href) return children;
    props.href = href;
    if (/^https?:/i.test(href)) Object.assign(props, { target: '_blank', rel: 'noopener noreferrer' });
    return createElement('a', props, ...children);
  }
  if (tag === 'img') {
    const src = safeSrc(element.getAttribute('src'));
    if (!src) return null;
    // An image without alt text is treated as decorative rather than read out by its file name.
    return createElement('img', { ...props, src, alt: element.getAttribute('alt') ?? '', loading: 'lazy' });
  }
  if (tag === 'td' || tag === 'th') {
    const colSpan = cellSpan(element.getAttribute('colspan'));
    const rowSpan = cellSpan(element.getAttribute('rowspan'));
    if (colSpan) props.colSpan = colSpan;
    if (rowSpan) props.rowSpan = rowSpan;
    const scope = element.getAttribute('scope');
    if (tag === 'th' && (scope === 'col' || scope === 'row')) props.scope = scope;
  }
  const name = /^h[1-6]$/.test(tag) ? headingTag(tag, options.topHeading) : tag;
  if (voidTags.has(tag)) return createElement(name, props);
  return createElement(name, props, ...children);
};

/** Turns stored HTML into React elements of an allow-list of tags and attributes (never raw HTML). */
export const renderRichHtml = (html: string, options: RichHtmlOptions = {}): ReactNode => {
  const doc = new DOMParser().parseFromString(html, 'text/html');
  const resolved: Required<RichHtmlOptions> = { topHeading: options.topHeading ?? 2 };
  return Array.from(doc.body.childNodes).map((child, i) => convert(child, String(i), resolved));
};

/** The text of the first heading matching `selector` in stored HTML, if any (used to title a custom page). */
export const firstHeadingText = (html: string, selector = 'h1') => {
  const doc = new DOMParser().parseFromString(html, 'text/html');
  return doc.body.querySelector(selector)?.textContent?.replace(/\s+/g, ' ').trim() ?? '';
};

/** True when the stored HTML has no visible text or image. */
export const isBlankHtml = (html: string) => {
  const doc = new DOMParser().parseFromString(html, 'text/html');
  return (doc.body.textContent ?? '').trim() === '' && !doc.body.querySelector('img');
};

import { createElement, type ReactNode } from 'react';

// Server descriptions are sanitised there; this allow-list is the second line of defence and never sets HTML.
const allowedTags = new Set([
  'p',
  'br',
  'strong',
  'b',
  'em',
  'i',
  'u',
  'ul',
  'ol',
  'li',
  'a',
  'h3',
  'h4',
  'h5',
  'blockquote',
  'span',
  'sub',
  'sup',
]);
const safeHref = (href: string | null) => {
  if (!href) return undefined;
  const value = href.trim();
  return /^(https?:|mailto:|tel:|\/(?!\/))/i.test(value) ? value : undefined;
};

const convert = (node: Node, key: string): ReactNode => {
  if (node.nodeType === Node.TEXT_NODE) return node.textContent;
  if (node.nodeType !== Node.ELEMENT_NODE) return null;
  const element = node as Element;
  const tag = element.tagName.toLowerCase();
  if (tag === 'script' || tag === 'style' || tag === 'template') return null;
  const children = Array.from(element.childNodes).map((child, i) => convert(child, `${key}.${i}`));
  if (!allowedTags.has(tag)) return children;
  if (tag === 'br') return createElement('br', { key });
  if (tag === 'a') {
    const href = safeHref(element.getAttribute('href'));
    if (!href) return children;
    const external = /^https?:/i.test(href);
    return createElement(
      'a',
      { key, href, ...(external ? { target: '_blank', rel: 'noopener noreferrer' } : {}) },
      ...children,
    );
  }
  return createElement(tag, { key }, ...children);
};

/** Turns stored HTML into React elements of a small allow-list of tags, without attributes except safe links. */
export const renderSafeHtml = (html: string): ReactNode => {
  const doc = new DOMParser().parseFromString(html, 'text/html');
  return Array.from(doc.body.childNodes).map((child, i) => convert(child, String(i)));
};

/** The plain text of stored HTML (for truncated previews). */
export const htmlToText = (html: string) =>
  (new DOMParser().parseFromString(html, 'text/html').body.textContent ?? '').replace(/\s+/g, ' ').trim();

import { type RefObject, useEffect, useState } from 'react';

/**
 * The selected words of pdf.js's text layers only (not a page's label or other text the range passes over), its
 * runs joined by a space: pdf.js draws each run of the PDF as its own span, so the range's own text glues the last
 * word of one line to the first of the next.
 */
export const selectedText = (range: Range, root: HTMLElement) => {
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  const pieces: string[] = [];
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    if (!range.intersectsNode(node) || !node.parentElement?.closest('.textLayer')) continue;
    const value = node.nodeValue ?? '';
    const start = node === range.startContainer ? range.startOffset : 0;
    const end = node === range.endContainer ? range.endOffset : value.length;
    pieces.push(value.slice(start, end));
  }
  return pieces.join(' ').replace(/\s+/g, ' ').trim();
};

/**
 * The text the reader has selected inside `container` (pdf.js's text layer of the viewer), '' when the selection
 * is empty or lies elsewhere. Listens to the document's selectionchange only while `enabled`.
 */
export function useTextSelection(container: RefObject<HTMLElement | null>, enabled: boolean) {
  const [text, setText] = useState('');
  useEffect(() => {
    if (!enabled) {
      setText('');
      return;
    }
    const read = () => {
      const selection = document.getSelection();
      const root = container.current;
      if (!selection || selection.isCollapsed || selection.rangeCount === 0 || !root) return setText('');
      const range = selection.getRangeAt(0);
      if (!root.contains(range.commonAncestorContainer)) return setText('');
      setText(selectedText(range, root));
    };
    read();
    document.addEventListener('selectionchange', read);
    return () => document.removeEventListener('selectionchange', read);
  }, [container, enabled]);
  return text;
}

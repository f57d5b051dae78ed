import { type RefObject, useEffect, useState } from 'react';

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
      setText(selection.toString().replace(/\s+/g, ' ').trim());
    };
    read();
    document.addEventListener('selectionchange', read);
    return () => document.removeEventListener('selectionchange', read);
  }, [container, enabled]);
  return text;
}

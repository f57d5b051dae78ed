/** A Tiptap/ProseMirror JSON node, as much of it as these helpers read. */
export interface EditorNode {
  type?: string;
  text?: string;
  content?: EditorNode[];
}

/**
 * Whether an editor document holds any visible text. The Save button stays disabled without it (spec 2
 * "Post editor"): an empty paragraph, spaces or a lone hard break are not text; the server refuses them too.
 */
export const hasText = (doc: EditorNode | null | undefined, depth = 0): boolean => {
  if (!doc || depth > 200) return false;
  if (typeof doc.text === 'string' && doc.text.trim() !== '') return true;
  return (doc.content ?? []).some((child) => hasText(child, depth + 1));
};

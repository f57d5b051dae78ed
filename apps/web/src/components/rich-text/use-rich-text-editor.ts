import { Link } from '@mantine/tiptap';
import Image from '@tiptap/extension-image';
import { type Content, type Editor, useEditor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { useCallback, useRef, useState } from 'react';
import { hasText } from './editor-text.ts';

/**
 * The editor's extensions, fresh for each editor. Its schema (nodes and marks) is the contract's
 * `editorNodeTypes` / `editorMarkTypes`, which the server checks every stored draft against (a test compares them).
 */
export const richTextExtensions = () => [
  // The starter kit's own link is replaced by Mantine's, which adds the Mod+K shortcut to its link control.
  StarterKit.configure({ link: false }),
  Link.configure({ openOnClick: false }),
  Image,
];

/**
 * One Tiptap editor for the rich texts the staff write (a post, a blog's disclaimer, Our Firm). The contenteditable gets a label and a textbox
 * role (axe; a screen reader names the field); `hasText` follows every change so that Save can be disabled
 * while there is no text, and `dirty` tells whether anything was typed since the content was set.
 */
export const useRichTextEditor = (label: string, content: Content | null) => {
  const [textPresent, setTextPresent] = useState(false);
  const [dirty, setDirty] = useState(false);
  // Setting content programmatically (loading a post) is not an edit.
  const loading = useRef(false);
  const editor = useEditor({
    extensions: richTextExtensions(),
    content: content ?? '',
    immediatelyRender: true,
    shouldRerenderOnTransaction: true,
    editorProps: {
      attributes: { 'aria-label': label, role: 'textbox', 'aria-multiline': 'true' },
    },
    onCreate: ({ editor: created }) => setTextPresent(hasText(created.getJSON())),
    onUpdate: ({ editor: changed }) => {
      setTextPresent(hasText(changed.getJSON()));
      if (!loading.current) setDirty(true);
    },
  });

  /** Replaces the content (a loaded post) without marking the editor dirty. */
  const load = useCallback(
    (next: Content | null, target: Editor | null = editor) => {
      if (!target) return;
      loading.current = true;
      // Not an undo step: Undo right after a load (or a first edit within the history's grouping delay) must never
      // take the editor back to the empty document it had before the text arrived.
      target
        .chain()
        .setMeta('addToHistory', false)
        .setContent(next ?? '', { emitUpdate: true })
        .run();
      loading.current = false;
      setTextPresent(hasText(target.getJSON()));
      setDirty(false);
    },
    [editor],
  );

  return { editor, hasText: textPresent, dirty, setDirty, load };
};

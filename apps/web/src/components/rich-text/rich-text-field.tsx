import '@mantine/tiptap/styles.css';
import { RichTextEditor } from '@mantine/tiptap';
import type { Editor } from '@tiptap/react';
import type { ReactNode } from 'react';
import classes from './rich-text-field.module.css';

/**
 * The staff's rich-text field (a post, a blog's disclaimer, Our Firm): Tiptap through @mantine/tiptap. Every
 * toolbar control is a labelled button in the tab order; the text area itself is a labelled textbox
 * (use-rich-text-editor.ts). `extraControls` join the link group (the post editor's image upload).
 */
export function RichTextField({
  editor,
  labelId,
  extraControls,
  invalid = false,
}: {
  editor: Editor | null;
  labelId: string;
  extraControls?: ReactNode;
  invalid?: boolean;
}) {
  if (!editor) return null;
  return (
    <RichTextEditor
      editor={editor}
      className={invalid ? classes.editorInvalid : classes.editor}
      role="group"
      aria-labelledby={labelId}
    >
      <RichTextEditor.Toolbar sticky stickyOffset={0}>
        <RichTextEditor.ControlsGroup>
          <RichTextEditor.Bold />
          <RichTextEditor.Italic />
          <RichTextEditor.Underline />
          <RichTextEditor.Strikethrough />
        </RichTextEditor.ControlsGroup>
        <RichTextEditor.ControlsGroup>
          <RichTextEditor.H2 />
          <RichTextEditor.H3 />
          <RichTextEditor.H4 />
        </RichTextEditor.ControlsGroup>
        <RichTextEditor.ControlsGroup>
          <RichTextEditor.BulletList />
          <RichTextEditor.OrderedList />
          <RichTextEditor.Blockquote />
        </RichTextEditor.ControlsGroup>
        <RichTextEditor.ControlsGroup>
          <RichTextEditor.Link />
          <RichTextEditor.Unlink />
          {extraControls}
        </RichTextEditor.ControlsGroup>
        <RichTextEditor.ControlsGroup>
          <RichTextEditor.Undo />
          <RichTextEditor.Redo />
        </RichTextEditor.ControlsGroup>
      </RichTextEditor.Toolbar>
      <RichTextEditor.Content />
    </RichTextEditor>
  );
}

import type { Editor } from '@tiptap/react';
import { ImageControl } from '../../../components/rich-text/image-control.tsx';
import { RichTextField } from '../../../components/rich-text/rich-text-field.tsx';

/**
 * The rich text field of the post editor and of the blog disclaimer: the staff's rich-text field, with the image
 * upload control for posts (`withImages`; the control is the editors' shared one, components/rich-text).
 */
export function BlogRichText({
  editor,
  labelId,
  withImages = false,
  invalid = false,
}: {
  editor: Editor | null;
  labelId: string;
  withImages?: boolean;
  invalid?: boolean;
}) {
  if (!editor) return null;
  return (
    <RichTextField
      editor={editor}
      labelId={labelId}
      invalid={invalid}
      extraControls={withImages ? <ImageControl editor={editor} /> : undefined}
    />
  );
}

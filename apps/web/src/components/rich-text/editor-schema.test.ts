import { editorDocumentProblem, editorMarkTypes, editorNodeTypes } from '@portal/contract';
import { Editor, getSchema } from '@tiptap/react';
import { describe, expect, it } from 'vitest';
import { richTextExtensions } from './use-rich-text-editor.ts';

/**
 * The server stores a post's draft only when it fits the editor's schema (issue 21); the lists it checks against
 * live in the contract. They must be exactly what this editor makes, or the server would refuse real drafts (a
 * list too short) or accept what the editor never makes (too long).
 */
describe("the post editor's schema", () => {
  it('has exactly the nodes and marks the contract lets the server store', () => {
    const schema = getSchema(richTextExtensions());
    expect(Object.keys(schema.nodes).sort()).toEqual([...editorNodeTypes].sort());
    expect(Object.keys(schema.marks).sort()).toEqual([...editorMarkTypes].sort());
  });

  it('makes drafts the server accepts: every kind of content, a link and one of our pictures', () => {
    const editor = new Editor({ extensions: richTextExtensions() });
    editor.commands.setContent(
      '<h2>Title <strong>bold</strong> <em>it</em> <u>u</u> <s>s</s> <code>c</code></h2>' +
        '<p>one<br>two <a href="https://example.org/" target="_blank">link</a> <a href="/research">ours</a></p>' +
        '<blockquote><p>quote</p></blockquote><ul><li><p>a</p></li></ul><ol><li><p>b</p></li></ol>' +
        '<pre><code>x = 1</code></pre><hr><img src="/api/media/posts/chart.png" alt="Chart" width="400" height="300">',
    );
    const draft = editor.getJSON();
    expect(JSON.stringify(draft)).toContain('"image"');
    expect(editorDocumentProblem(draft)).toBeNull();
    // an empty editor too
    editor.commands.setContent('');
    expect(editorDocumentProblem(editor.getJSON())).toBeNull();
    editor.destroy();
  });
});

import { describe, expect, it } from 'vitest';
import { selectedText } from './use-text-selection.ts';

describe('selectedText', () => {
  it('takes only the text layer, one space between runs, cut at the range ends', () => {
    const root = document.createElement('div');
    root.innerHTML =
      '<span class="label">Page 1</span>' +
      '<div class="textLayer"><span>Earnings preview</span><br><span>Guidance is the swing factor</span></div>';
    document.body.append(root);
    const [label, layer] = [root.children[0]!, root.children[1]!];
    const range = document.createRange();
    range.setStart(label.firstChild!, 0);
    range.setEnd(layer.children[2]!.firstChild!, 'Guidance is'.length);
    expect(range.toString()).toBe('Page 1Earnings previewGuidance is');
    expect(selectedText(range, root as HTMLElement)).toBe('Earnings preview Guidance is');
    range.setStart(layer.children[0]!.firstChild!, 'Earnings '.length);
    expect(selectedText(range, root as HTMLElement)).toBe('preview Guidance is');
    root.remove();
  });
});

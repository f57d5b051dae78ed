import { describe, expect, it } from 'vitest';
import { fillTemplate } from './placeholders.ts';

describe('fillTemplate', () => {
  it('fills known placeholders, every occurrence, with escaped values', () => {
    const html = fillTemplate('<p>Dear @@FirstName@@ (@@FullName@@), @@FirstName@@!</p>', {
      '@@FirstName@@': '<script>alert(1)</script>',
      '@@FullName@@': 'Tom & "Jerry"',
    });
    expect(html).toBe(
      '<p>Dear &lt;script&gt;alert(1)&lt;/script&gt; (Tom &amp; &quot;Jerry&quot;), &lt;script&gt;alert(1)&lt;/script&gt;!</p>',
    );
  });

  it('writes lists as an escaped comma list', () => {
    expect(fillTemplate('<p>@@Products@@</p>', { '@@Products@@': ['Banks', 'Chips <b>&</b> more'] })).toBe(
      '<p>Banks, Chips &lt;b&gt;&amp;&lt;/b&gt; more</p>',
    );
  });

  it('leaves out unknown placeholders and known ones without a value', () => {
    expect(fillTemplate('<p>a@@Secret@@b@@Reason@@c</p>', { '@@Product@@': 'x' })).toBe('<p>abc</p>');
  });

  it('keeps text that only looks like a placeholder', () => {
    expect(fillTemplate('<p>@@ not one @@ and a@@b</p>', {})).toBe('<p>@@ not one @@ and a@@b</p>');
  });

  it('never re-reads a value as a placeholder', () => {
    expect(fillTemplate('@@FirstName@@', { '@@FirstName@@': '@@LastName@@', '@@LastName@@': 'X' })).toBe(
      '@@LastName@@',
    );
  });
});

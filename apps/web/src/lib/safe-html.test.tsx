import { render } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { firstHeadingText, htmlToText, isBlankHtml, renderRichHtml, renderSafeHtml } from './safe-html.tsx';

const draw = (html: string, topHeading?: 1 | 2) =>
  render(<div>{renderRichHtml(html, { topHeading })}</div>).container;

describe('renderRichHtml', () => {
  it('keeps the allowed structure, ids and safe links', () => {
    const root = draw(
      '<h2 id="research">Research</h2><p>Read <a href="/reports/1">this</a> or <a href="https://example.com">that</a>.</p><ul><li>One</li></ul>',
    );
    expect(root.querySelector('h2#research')?.textContent).toBe('Research');
    expect(root.querySelector('a[href="/reports/1"]')?.getAttribute('target')).toBeNull();
    const external = root.querySelector('a[href="https://example.com"]');
    expect(external?.getAttribute('target')).toBe('_blank');
    expect(external?.getAttribute('rel')).toBe('noopener noreferrer');
    expect(root.querySelectorAll('li')).toHaveLength(1);
  });

  it('drops scripts, handlers, styles, frames and unsafe URLs, keeping harmless text', () => {
    const root = draw(
      '<p onclick="alert(1)" style="color:red" class="x">Hi<script>alert(2)</script></p>' +
        '<a href="javascript:alert(3)">bad link</a><a href="//evil.example/x">proto-relative</a>' +
        '<img src="x" onerror="alert(4)"><img src="data:image/png;base64,AAAA" alt="d">' +
        '<iframe src="https://evil.example"></iframe><form><input name="q"></form><font>kept text</font>' +
        '<p id="1bad">bad id</p><p id="ok-id">good id</p>',
    );
    expect(root.innerHTML).not.toMatch(
      /script|onclick|onerror|style=|class=|javascript:|iframe|input|data:/i,
    );
    expect(root.querySelector('a')).toBeNull();
    expect(root.querySelector('img')).toBeNull();
    expect(root.textContent).toContain('bad link');
    expect(root.textContent).toContain('kept text');
    expect(root.querySelector('[id="1bad"]')).toBeNull();
    expect(root.querySelector('#ok-id')).not.toBeNull();
  });

  it('keeps same-site and https images with their alt text, lazily loaded', () => {
    const root = draw('<img src="/api/media/a.png" alt="Chart"><img src="https://cdn.example/b.png">');
    const [a, b] = Array.from(root.querySelectorAll('img'));
    expect(a?.getAttribute('alt')).toBe('Chart');
    expect(a?.getAttribute('loading')).toBe('lazy');
    expect(b?.getAttribute('alt')).toBe('');
  });

  it('moves a stored h1 below the page title unless the content is the whole page', () => {
    expect(draw('<h1>Title</h1><h3>Sub</h3>').querySelector('h2')?.textContent).toBe('Title');
    expect(draw('<h1>Title</h1><h3>Sub</h3>').querySelector('h3')?.textContent).toBe('Sub');
    expect(draw('<h1>Title</h1>', 1).querySelector('h1')?.textContent).toBe('Title');
  });

  it('refuses links that leave the site by a back door, and sanitises the text of a refused link', () => {
    const root = draw(
      '<a href="/\\evil.example/x">backslash</a><a href="/\t/evil.example/x">tab</a>' +
        '<a href=" /reports/2 ">spaced</a><a href="java&#10;script:alert(1)">split</a>' +
        '<a href="javascript:alert(2)"><img src="/a.png" onerror="alert(3)">inner <b>bold</b></a>',
    );
    expect(Array.from(root.querySelectorAll('a'), (a) => a.getAttribute('href'))).toEqual(['/reports/2']);
    expect(root.innerHTML).not.toMatch(/onerror|javascript:|evil/i);
    expect(root.querySelector('img')?.getAttribute('src')).toBe('/a.png');
    expect(root.querySelector('b')?.textContent).toBe('bold');
    expect(root.textContent).toContain('backslash');
  });

  it('drops the content of script-like tags wherever they are, and attributes outside their tag', () => {
    const root = draw(
      '<font><script>alert(1)</script>visible</font><noscript>ns</noscript><template>tpl</template>' +
        '<style>p{}</style><svg><text>svg</text></svg><form><p>form text</p></form>' +
        '<p data-x="1" aria-label="x" src="/a.png" href="/b" alt="c" colspan="2">plain</p>' +
        '<h2 id="cookie">clobber</h2>',
    );
    expect(root.textContent).toBe('visibleplainclobber');
    expect(root.querySelector('p')?.attributes).toHaveLength(0);
    // DOMPurify's guard against DOM clobbering: an id that names a document property is dropped.
    expect(root.querySelector('h2')?.hasAttribute('id')).toBe(false);
  });

  it('draws tables, images and headings without a React warning', () => {
    const error = vi.spyOn(console, 'error');
    const root = draw(
      '<h1 id="top">Title</h1><table><thead><tr><th scope="row" rowspan="3">A</th></tr></thead>' +
        '<tbody><tr><td colspan="2">B</td></tr></tbody></table><img src="https://cdn.example/c.png" alt="C"><hr>',
    );
    expect(error).not.toHaveBeenCalled();
    expect(root.querySelector('h2#top')?.textContent).toBe('Title');
    expect(root.querySelector('th')?.getAttribute('rowspan')).toBe('3');
    expect(root.querySelector('td')?.getAttribute('colspan')).toBe('2');
  });

  it('keeps table cell spans within bounds and header scopes', () => {
    const root = draw(
      '<table><tr><th scope="col" colspan="2">A</th><td rowspan="999" colspan="x">B</td></tr></table>',
    );
    const th = root.querySelector('th');
    expect(th?.getAttribute('colspan')).toBe('2');
    expect(th?.getAttribute('scope')).toBe('col');
    expect(root.querySelector('td')?.hasAttribute('rowspan')).toBe(false);
    expect(root.querySelector('td')?.hasAttribute('colspan')).toBe(false);
  });
});

describe('helpers', () => {
  it('finds the first heading and blank content', () => {
    expect(firstHeadingText('<p>x</p><h2> Our   services </h2><h1>Later</h1>', 'h1, h2')).toBe(
      'Our services',
    );
    expect(firstHeadingText('<p>x</p><h2>Section</h2><h1> The   page </h1>')).toBe('The page');
    expect(firstHeadingText('<p>none</p>')).toBe('');
    expect(isBlankHtml('<p> </p><br>')).toBe(true);
    expect(isBlankHtml('<p>text</p>')).toBe(false);
    expect(isBlankHtml('<img src="/a.png">')).toBe(false);
  });
});

describe('renderSafeHtml (short texts)', () => {
  const drawSnippet = (html: string) => render(<div>{renderSafeHtml(html)}</div>).container;
  it('keeps a small set of tags and safe links only: no images, ids, tables or page headings', () => {
    const root = drawSnippet(
      '<h1>Big</h1><h3 id="x">Small</h3><p>Text <a href="/analysts/1">link</a><img src="/a.png"></p>' +
        '<table><tr><td>cell</td></tr></table><a href="javascript:alert(1)">bad</a><script>alert(2)</script>',
    );
    expect(root.querySelector('h1')).toBeNull();
    expect(root.querySelector('h3')?.hasAttribute('id')).toBe(false);
    expect(root.querySelector('a[href="/analysts/1"]')).not.toBeNull();
    expect(root.querySelector('img, table, td, script')).toBeNull();
    expect(root.textContent).toContain('Big');
    expect(root.textContent).toContain('cell');
    expect(root.textContent).not.toContain('alert(2)');
    expect(root.querySelectorAll('a')).toHaveLength(1);
  });
  it('opens outside links in a new tab and keeps the text of tags outside the list', () => {
    const root = drawSnippet(
      '<p><a href="https://example.com/x">out</a> <a href="mailto:a@b.example">mail</a></p>' +
        '<table><thead><tr><th>Head</th></tr></thead></table><div class="c" style="x">div text</div>',
    );
    const [out, mail] = Array.from(root.querySelectorAll('a'));
    expect(out?.getAttribute('target')).toBe('_blank');
    expect(out?.getAttribute('rel')).toBe('noopener noreferrer');
    expect(mail?.hasAttribute('target')).toBe(false);
    expect(root.textContent).toContain('Head');
    expect(root.textContent).toContain('div text');
    expect(root.firstElementChild?.innerHTML).not.toMatch(/<div|<th|class=|style=/);
  });
  it('gives the plain text for previews', () => {
    expect(htmlToText('<p>One\n <b>two</b></p><p>three</p>')).toBe('One two three');
    // blocks never run together: the demo's bios read "wealth fund.Daniel" before
    expect(htmlToText('<p>a wealth fund.</p><p>Daniel joined</p><ul><li>x</li><li>y</li></ul>z<br>w')).toBe(
      'a wealth fund. Daniel joined x y z w',
    );
  });
});

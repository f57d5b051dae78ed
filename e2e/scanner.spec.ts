/**
 * The scanner every journey ends with (support/fixtures.ts): it must find what it is there to find, by each of its
 * paths (a page without frames, scanned again with the axe it already holds, and a page with a frame), so a green
 * suite means scanned screens, not a scan that could not fail.
 */
import { expect, test, violatedRules } from './support/fixtures.ts';

// Three faults the scans have met or must meet: a name that does not contain the visible label (WCAG 2.5.3, an
// experimental rule switched on by name), grey text on white (1.4.3) and an image without a text alternative.
const faulty = `<!doctype html><html lang="en"><head><title>Faults</title></head><body><main>
  <h1>Faults</h1>
  <button type="button" aria-label="Account settings">JM</button>
  <p style="color:#bbb;background:#fff">Too pale to read</p>
  <img src="data:image/gif;base64,R0lGODlhAQABAAAAACw=" width="20" height="20">
</main></body></html>`;
const expected = ['color-contrast', 'image-alt', 'label-content-name-mismatch'];
const clean =
  '<!doctype html><html lang="en"><head><title>Clean</title></head><body><main><h1>Clean</h1></main></body></html>';

test('finds the faults of a page without frames, again with the axe it holds, and in a page with a frame', async ({
  page,
}) => {
  await page.setContent(faulty);
  expect(await violatedRules(page)).toEqual(expected);
  // The second scan of the same document reuses the axe the first put there: it must see the page as it is now.
  await page.evaluate(() => document.querySelector('img')?.setAttribute('alt', 'A dot'));
  expect(await violatedRules(page)).toEqual(['color-contrast', 'label-content-name-mismatch']);

  await page.setContent(
    faulty.replace('</main>', '<iframe title="Empty" srcdoc="<p>frame</p>"></iframe></main>'),
  );
  expect(page.frames()).toHaveLength(2);
  expect(await violatedRules(page)).toEqual(expected);

  await page.setContent(clean);
  expect(await violatedRules(page)).toEqual([]);
});

import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { tagsToQuery } from '../api/research-api.ts';
import { TagsInput, type TagsInputProps } from './tags-input.tsx';

function Harness(props: Partial<TagsInputProps> & { initial?: string[] }) {
  const [tags, setTags] = useState<string[]>(props.initial ?? []);
  return (
    <>
      <TagsInput label="Tags" {...props} value={tags} onChange={setTags} />
      <button type="button">after</button>
    </>
  );
}

const tagTexts = () => screen.queryAllByRole('listitem').map((item) => item.textContent?.replace('×', ''));

describe('tag input', () => {
  it('adds on Enter and Tab, drops blank tags and trims', async () => {
    render(<Harness />);
    const user = userEvent.setup();
    const input = screen.getByLabelText('Tags');
    await user.type(input, '  banks  {Enter}');
    await user.type(input, 'asia');
    await user.tab();
    expect(input).toHaveFocus();
    await user.type(input, '    {Enter}');
    expect(tagTexts()).toEqual(['banks', 'asia']);
    // With nothing typed, Tab moves on as usual.
    await user.tab();
    expect(screen.getByRole('button', { name: 'after' })).toHaveFocus();
  });

  it('removes the last tag on Backspace only when the field is empty', async () => {
    render(<Harness initial={['one', 'two']} />);
    const user = userEvent.setup();
    const input = screen.getByLabelText('Tags');
    await user.type(input, 'x{Backspace}');
    expect(tagTexts()).toEqual(['one', 'two']);
    await user.keyboard('{Backspace}');
    expect(tagTexts()).toEqual(['one']);
    await user.click(screen.getByRole('button', { name: 'Remove tag one' }));
    expect(tagTexts()).toEqual([]);
  });

  it('allows duplicates and any number by default; unique and max limit them', async () => {
    const { unmount } = render(<Harness />);
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Tags'), 'a{Enter}a{Enter}b{Enter}c{Enter}');
    expect(tagTexts()).toEqual(['a', 'a', 'b', 'c']);
    unmount();
    render(<Harness unique max={2} />);
    const input = screen.getByLabelText('Tags');
    await user.type(input, 'a{Enter}a{Enter}b{Enter}');
    expect(tagTexts()).toEqual(['a', 'b']);
    expect(input).toBeDisabled();
  });
});

describe('date range tags', () => {
  it("sends the first 'Date Range:' tag as dStart and dEnd and the rest as tags", () => {
    expect(
      tagsToQuery([
        'banks',
        'Date Range: 2026-01-01 - 2026-03-31',
        'Date Range: 2025-01-01 - 2025-12-31',
        'asia',
      ]),
    ).toEqual({ tags: 'banks,asia', dStart: '2026-01-01', dEnd: '2026-03-31' });
    expect(tagsToQuery([])).toEqual({ tags: undefined });
    expect(tagsToQuery(['Date Range: 2026-1-1 - 2026-03-31'])).toEqual({
      tags: 'Date Range: 2026-1-1 - 2026-03-31',
    });
  });
});

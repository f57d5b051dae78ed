import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api-client.ts';
import { failureText } from './failure-text.ts';

describe('failureText', () => {
  it("says the server's refusal, and the screen's own text for a network failure, a 5xx or anything else", () => {
    expect(
      failureText(new ApiError(400, 'Please write the text of the page before saving.'), 'Not saved'),
    ).toBe('Please write the text of the page before saving.');
    expect(failureText(new ApiError(404, 'No such person'), 'Not saved')).toBe('No such person');
    expect(failureText(new ApiError(0, 'Internal Error'), 'Not saved')).toBe('Not saved');
    expect(failureText(new ApiError(500, 'Internal Error'), 'Not saved')).toBe('Not saved');
    expect(failureText(new Error('boom'), 'Not saved')).toBe('Not saved');
  });
});

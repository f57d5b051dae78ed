import { describe, expect, it } from 'vitest';
import { messages } from '../messages.ts';
import { emailField, hasControlCharacters, isoDateField, multilineTextField, textField } from './fields.ts';

const control = messages.validation.controlCharacters;
const firstMessage = (result: { success: boolean; error?: { issues: Array<{ message: string }> } }) =>
  result.error?.issues[0]?.message;

describe('the one control-character rule', () => {
  it.each([
    ['\u0000', true],
    ['a\u0001b', true],
    ['a\u001fb', true],
    ['a\u007fb', true],
    ['a\u0085b', true],
    ['a\u009fb', true],
    ['tab\there', true],
    ['line\nbreak', true],
    ['plain text, ünïcödé, 😀, \u202e, \uffff', false],
    ['\u00a0non-breaking', false],
    ['', false],
  ])('single-line %j: %s', (value, refused) => {
    expect(hasControlCharacters(value)).toBe(refused);
    expect(firstMessage(textField().safeParse(value))).toBe(refused ? control : undefined);
  });

  it('multi-line text keeps tab, CR and LF and refuses the rest', () => {
    expect(multilineTextField().safeParse('one\r\n\ttwo').success).toBe(true);
    for (const value of ['a\u0000', 'a\u000b', 'a\u000c', 'a\u001b[31m', 'a\u0085'])
      expect(firstMessage(multilineTextField().safeParse(value))).toBe(control);
  });

  it('runs first and alone, so the message names the real fault', () => {
    const result = emailField.safeParse('\u0000');
    expect(result.error?.issues.map((i) => i.message)).toEqual([control]);
    expect(firstMessage(isoDateField().safeParse('2025-01-01\u0000'))).toBe(control);
    expect(isoDateField().safeParse('2025-01-01').success).toBe(true);
  });
});

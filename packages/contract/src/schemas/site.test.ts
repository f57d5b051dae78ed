import { describe, expect, it } from 'vitest';
import { splitSliderLink } from '../landing.ts';
import { messagesSite } from '../messages-site.ts';
import { firstErrors } from './common.ts';
import { aoiForm, aoiTypeFromSegment, customPageParamParams } from './site.ts';

describe('site schemas', () => {
  it("splits a slider link on ';' into the in-page link and the new-window link", () => {
    expect(splitSliderLink('/about;https://example.org/x')).toEqual({
      inPage: '/about',
      newWindow: 'https://example.org/x',
    });
    expect(splitSliderLink('/about')).toEqual({ inPage: '/about', newWindow: null });
    expect(splitSliderLink(';https://example.org')).toEqual({
      inPage: null,
      newWindow: 'https://example.org',
    });
    expect(splitSliderLink(null)).toEqual({ inPage: null, newWindow: null });
  });

  it('chooses Investor only for the Investor segment', () => {
    expect(aoiTypeFromSegment('Investor')).toBe('Investor');
    expect(aoiTypeFromSegment('investor')).toBe('Investor');
    expect(aoiTypeFromSegment('Analyst')).toBe('Analyst');
    expect(aoiTypeFromSegment('anything')).toBe('Analyst');
    expect(aoiTypeFromSegment(undefined)).toBe('Analyst');
  });

  it('reads one page parameter name or a comma list, and refuses anything else', () => {
    expect(customPageParamParams.parse({ name: 'sRshWebCareersHTML' }).name).toEqual({
      names: ['sRshWebCareersHTML'],
      list: false,
    });
    expect(customPageParamParams.parse({ name: 'a, b_2 ,c' }).name).toEqual({
      names: ['a', 'b_2', 'c'],
      list: true,
    });
    for (const bad of ['', ',', 'a b', '../x', '1abc', Array.from({ length: 21 }, () => 'a').join(',')]) {
      expect(customPageParamParams.safeParse({ name: bad }).success, bad).toBe(false);
    }
  });

  it('gives the spec texts for an empty contact form', () => {
    const result = aoiForm.safeParse({ name: ' ', email: '', message: '', captcha: '', type: 'Investor' });
    expect(result.success).toBe(false);
    // The first message per field, as the server answers and the web shows them.
    expect(firstErrors(result.error!.issues)).toEqual({
      name: messagesSite.nameRequired,
      email: messagesSite.emailRequired,
      message: messagesSite.messageRequired,
      captcha: messagesSite.captchaRequired,
    });
  });
});

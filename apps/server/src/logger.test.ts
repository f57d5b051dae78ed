import { describe, expect, it } from 'vitest';
import { redactUrl } from './logger.ts';

describe('redactUrl', () => {
  it('hides link tokens in query strings and keeps the rest', () => {
    expect(redactUrl('/api/verify?token=abc123')).toBe('/api/verify?token=[redacted]');
    expect(redactUrl('/resetpassword?p=xyz&redirectUrl=/home')).toBe(
      '/resetpassword?p=[redacted]&redirectUrl=/home',
    );
    expect(redactUrl('/api/users/me')).toBe('/api/users/me');
    expect(redactUrl('/api/reports?page=2')).toBe('/api/reports?page=2');
  });
});

import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it } from 'vitest';
import { client } from '../test/render-app.tsx';
import { bootHint, forgetBootHints } from './boot-hints.ts';
import { setSignedIn, setSignedOut } from './session.ts';

const addHint = () => {
  const meta = document.createElement('meta');
  meta.name = 'portal-hero';
  meta.content = '/api/media/sliders/1.webp';
  document.head.append(meta);
};

describe('boot hints', () => {
  afterEach(() => forgetBootHints());

  it('reads what the server wrote into the page', () => {
    expect(bootHint('hero')).toBeUndefined();
    addHint();
    expect(bootHint('hero')).toBe('/api/media/sliders/1.webp');
  });

  it('forgets them when the reader signs in or out (they were written for the reader at load time)', () => {
    const queryClient = new QueryClient();
    addHint();
    setSignedIn(queryClient, client);
    expect(bootHint('hero')).toBeUndefined();
    addHint();
    setSignedOut(queryClient);
    expect(bootHint('hero')).toBeUndefined();
  });
});

import { afterEach, describe, expect, it, vi } from 'vitest';
import { easeInOutQuad } from '../../../lib/easing.ts';
import { scrollPositionAt, scrollToElement, smoothScroll } from './smooth-scroll.ts';

describe('smooth scroll timing', () => {
  it('is 800 ms with an 80 px offset (spec 3 section 9)', () => {
    expect(smoothScroll).toEqual({ durationMs: 800, offsetPx: 80 });
  });

  it('eases from the start to the target and lands exactly at the end', () => {
    expect(easeInOutQuad(0)).toBe(0);
    expect(easeInOutQuad(0.5)).toBe(0.5);
    expect(easeInOutQuad(1)).toBe(1);
    expect(scrollPositionAt(100, 900, 0, 800)).toBe(100);
    expect(scrollPositionAt(100, 900, 400, 800)).toBe(500);
    expect(scrollPositionAt(100, 900, 200, 800)).toBeLessThan(300);
    expect(scrollPositionAt(100, 900, 800, 800)).toBe(900);
    expect(scrollPositionAt(100, 900, 5000, 800)).toBe(900);
  });
});

describe('scrollToElement', () => {
  afterEach(() => vi.useRealTimers());

  const setup = (elementTop: number) => {
    Object.defineProperty(document.documentElement, 'scrollHeight', { configurable: true, value: 5000 });
    Object.defineProperty(window, 'innerHeight', { configurable: true, value: 800 });
    Object.defineProperty(window, 'scrollY', { configurable: true, value: 0 });
    const element = document.createElement('h2');
    element.id = 'target';
    document.body.append(element);
    element.getBoundingClientRect = () => ({ top: elementTop }) as DOMRect;
    const scrolls: number[] = [];
    vi.spyOn(window, 'scrollTo').mockImplementation(((_x: number, y: number) => {
      scrolls.push(y);
    }) as typeof window.scrollTo);
    return { element, scrolls };
  };

  it('animates over 800 ms to 80 px above the element, then focuses it without scrolling', () => {
    vi.useFakeTimers({ toFake: ['requestAnimationFrame', 'cancelAnimationFrame', 'performance'] });
    const { element, scrolls } = setup(1500);
    scrollToElement(element);
    vi.advanceTimersByTime(400);
    expect(scrolls.length).toBeGreaterThan(5);
    expect(scrolls.at(-1)).toBeGreaterThan(0);
    expect(scrolls.at(-1)).toBeLessThan(1420);
    expect(document.activeElement).not.toBe(element);
    vi.advanceTimersByTime(450);
    expect(scrolls.at(-1)).toBe(1420);
    expect(document.activeElement).toBe(element);
    expect(element.getAttribute('tabindex')).toBe('-1');
    element.remove();
  });

  it('never scrolls past the end of the page', () => {
    vi.useFakeTimers({ toFake: ['requestAnimationFrame', 'cancelAnimationFrame', 'performance'] });
    const { element, scrolls } = setup(4900);
    scrollToElement(element);
    vi.advanceTimersByTime(900);
    expect(scrolls.at(-1)).toBe(4200);
    element.remove();
  });
});

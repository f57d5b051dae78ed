import { leakTracingLimits, messagesLeakTracing as m } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import { checkFile } from './check-file.ts';

const file = (name: string, type: string, size: number) => {
  const f = new File(['x'], name, { type });
  Object.defineProperty(f, 'size', { value: size });
  return f;
};

describe('checkFile', () => {
  it('lets a PDF through, by its name or its type, up to the size limit', () => {
    expect(checkFile(file('leak.pdf', 'application/pdf', 1000))).toBeNull();
    expect(checkFile(file('LEAK.PDF', '', 1000))).toBeNull();
    expect(checkFile(file('download', 'application/pdf', leakTracingLimits.pdfMaxBytes))).toBeNull();
    // no type known to the browser: the server reads the bytes
    expect(checkFile(file('download', 'application/octet-stream', 10))).toBeNull();
  });

  it('refuses no file, an empty one, an oversize one and a plainly other type', () => {
    expect(checkFile(null)).toBe(m.errors.missing);
    expect(checkFile(file('leak.pdf', 'application/pdf', 0))).toBe(m.errors.missing);
    expect(checkFile(file('leak.pdf', 'application/pdf', leakTracingLimits.pdfMaxBytes + 1))).toBe(
      m.errors.tooLarge.replace('{mb}', '50'),
    );
    expect(checkFile(file('photo.png', 'image/png', 10))).toBe(m.errors.notPdf);
  });
});

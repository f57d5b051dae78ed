import { leakTracingLimits, messagesLeakTracing as m } from '@portal/contract';

const fill = (text: string, values: Record<string, string | number>) =>
  text.replace(/\{(\w+)\}/g, (whole, key: string) => (key in values ? String(values[key]) : whole));

export const megabytes = Math.round(leakTracingLimits.pdfMaxBytes / (1024 * 1024));

/**
 * What the screen can tell before sending: no file, an empty one, one over the size limit, one that is plainly not
 * a PDF (by its name and type). The server checks the bytes themselves again.
 */
export const checkFile = (file: File | null | undefined): string | null => {
  if (!file || file.size === 0) return m.errors.missing;
  if (file.size > leakTracingLimits.pdfMaxBytes) return fill(m.errors.tooLarge, { mb: megabytes });
  const named = /\.pdf$/i.test(file.name);
  const typed = file.type === 'application/pdf';
  if (!named && !typed && file.type !== '' && file.type !== 'application/octet-stream')
    return m.errors.notPdf;
  return null;
};

export { fill };

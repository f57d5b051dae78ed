import { messagesPublishing as m, reportUploadLimits } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import { emptyForm, type FormValues, fileRefusal, formErrorsOf, validateForm } from './publish-form.ts';

const catalogue = {
  analysts: [
    { id: 1, name: 'Alice Tanaka', sectorIds: [10] },
    { id: 2, name: 'Bruno Keller', sectorIds: [20] },
  ],
  sectors: [
    { id: 10, name: 'Semiconductors' },
    { id: 20, name: 'Banks' },
  ],
  companies: [],
  countries: [],
};
const now = new Date('2030-01-15T09:00:00Z');
const pdf = new File([new Uint8Array([0x25, 0x50, 0x44, 0x46])], 'note.pdf', { type: 'application/pdf' });
const filled = (extra: Partial<FormValues> = {}): FormValues => ({
  ...emptyForm(),
  file: pdf,
  title: 'Foundry pricing',
  analystIds: ['1'],
  sectorIds: ['10'],
  ...extra,
});
const check = (values: FormValues) =>
  validateForm(values, { catalogue, withSource: true, withTime: true, now });

describe('the publish form (issue 23)', () => {
  it('builds the contract metadata from a filled form, publish now', () => {
    const result = check(filled({ hashtags: ['#chips'] }));
    expect(result).toEqual({
      ok: true,
      data: {
        file: pdf,
        metadata: {
          title: 'Foundry pricing',
          description: '',
          analystIds: [1],
          sectorIds: [10],
          companyIds: [],
          countryIds: [],
          hashtags: ['chips'],
          freeAccess: false,
          publishAt: null,
        },
      },
    });
  });

  it('names every missing field, and an analyst outside the sectors', () => {
    const result = check(emptyForm());
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.errors).toMatchObject({
      title: m.errors.titleRequired,
      analystIds: m.errors.analystsRequired,
      sectorIds: m.errors.sectorsRequired,
      file: m.errors.fileRequired,
    });
    const outside = check(filled({ analystIds: ['2'] }));
    expect(!outside.ok && outside.errors.analystIds).toBe(m.errors.analystOutsideSectors('Bruno Keller'));
  });

  it('checks the file by name and size before any upload', () => {
    expect(fileRefusal(new File(['x'], 'tool.exe'))).toBe(m.errors.fileType);
    expect(fileRefusal(new File([], 'empty.pdf'))).toBe(m.errors.fileRequired);
    const big = new File([new Uint8Array(reportUploadLimits.maxBytes.htm + 1)], 'page.htm');
    expect(fileRefusal(big)).toBe(m.errors.fileTooLarge('htm', 5));
    expect(fileRefusal(pdf)).toBeNull();
  });

  it('takes a future publish time as scheduled, refuses a past or missing one', () => {
    const later = check(filled({ when: 'later', publishAt: '2030-01-16 10:30:00' }));
    expect(later.ok && later.data.metadata.publishAt).toBe(new Date(2030, 0, 16, 10, 30).toISOString());
    const past = check(filled({ when: 'later', publishAt: '2030-01-14 10:30:00' }));
    expect(!past.ok && past.errors.publishAt).toBe(m.errors.publishAtPast);
    const none = check(filled({ when: 'later', publishAt: null }));
    expect(!none.ok && none.errors.publishAt).toBe(m.errors.publishAtInvalid);
  });

  it('sends a YouTube link instead of a file', () => {
    const result = check(
      filled({ source: 'youtube', file: null, youtubeUrl: 'https://youtu.be/dQw4w9WgXcQ' }),
    );
    expect(result.ok && result.data).toMatchObject({
      file: null,
      metadata: { youtubeUrl: 'https://youtu.be/dQw4w9WgXcQ' },
    });
    const empty = check(filled({ source: 'youtube', file: null }));
    expect(!empty.ok && empty.errors.youtubeUrl).toBe(m.errors.youtubeInvalid);
  });

  it("puts the server's nested field messages under the form's fields", () => {
    expect(formErrorsOf({ 'analystIds.0': 'x', title: 'y', _: 'z' })).toEqual({
      analystIds: 'x',
      title: 'y',
      _: 'z',
    });
  });
});

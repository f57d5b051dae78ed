import { describe, expect, it } from 'vitest';
import { analystPath, companyPath, reportPath, sectorPath, slugify } from './links.ts';

describe('link shapes', () => {
  it('slugs names without accents, case or punctuation', () => {
    expect(slugify('  Café Déjà-vu: 3Q26 results!  ')).toBe('cafe-deja-vu-3q26-results');
  });
  it('builds the spec link shapes, with or without a slug', () => {
    expect(reportPath(12, 'Chip cycle turns')).toBe('/reports/12_chip-cycle-turns');
    expect(reportPath(12, '???')).toBe('/reports/12');
    expect(analystPath(3, 'Hana Mizuno')).toBe('/analysts/3_hana-mizuno');
    expect(sectorPath(10000131, 'Technology & Semiconductors')).toBe(
      '/sectors/10000131_technology-semiconductors',
    );
    expect(companyPath(7)).toBe('/companies/7');
  });
});

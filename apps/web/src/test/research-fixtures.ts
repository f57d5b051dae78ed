import type { ReportCard, ReportsReply } from '@portal/contract';

/** A report card as GET /reports answers it; tests override the fields they are about. */
export const reportFixture = (overrides: Partial<ReportCard> = {}): ReportCard => ({
  id: 101,
  title: 'Regional banks: margins at the turn',
  subtitle: '',
  coverage: '',
  publication: 'Sector Note',
  description: 'Net interest margins have peaked.',
  hashtags: ['banks'],
  published_date: '2026-03-01T20:00:00Z',
  video: null,
  filetype: 'pdf',
  saved: false,
  type: 'latest',
  isTempReport: false,
  mustRead: false,
  sectorId: 3,
  analysts: [{ id: 5, name: 'Mei Lin Chan', image_path: null }],
  companies: [],
  countries: [],
  sectors: [{ id: 3, sName: 'Financials' }],
  entitled: true,
  reading_minutes: null,
  ...overrides,
});

export const reportsReplyOf = (data: ReportCard[], next: string | null = null): ReportsReply => ({
  data,
  pagination: { current: 1, total: data.length, next },
  filters: { type: 'all' },
});

export const emptyOverall = { mustRead: [], mostViewed: [], highlighted: [], period: 'Past Month' };

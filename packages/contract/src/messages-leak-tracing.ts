/**
 * Texts of leak tracing (issue 23): "Identify a copy", where an administrator uploads a leaked PDF (or one page of
 * it) and sees whose stamped copy it was. A module of its own: only the lazy admin screen and the server import it.
 */
export const messagesLeakTracing = {
  title: 'Identify a copy',
  intro:
    'Upload a PDF that was passed on (the whole file or a single page of it). Every copy a reader fetches carries an invisible mark that names its reader.',
  back: 'Back to Report Management',
  dropTitle: 'Drop the PDF here or choose a file',
  dropHint: 'PDF, up to {mb} MB',
  choose: 'Choose a PDF',
  uploading: 'Checking the file…',
  progress: 'Upload progress',
  again: 'Identify another file',
  result: {
    title: 'This copy was made for',
    reader: 'Reader',
    firm: 'Firm',
    email: 'E-mail',
    report: 'Report',
    version: 'File version',
    versionCurrent: '{version} (current)',
    versionReplaced: '{version} (replaced since by version {current})',
    madeAt: 'Copy made',
    lastFetched: 'Last fetched',
    fetchCount: 'Times fetched',
    noAccount: 'No account (e-mailed link)',
    unknown: '—',
    severalMarks: 'This file carries marks of {count} copies: each is shown.',
  },
  errors: {
    noMark: 'No mark found: this PDF is not a copy stamped by the portal (or its mark was removed).',
    unknownCopy: 'The file carries a copy mark, but no copy with that mark is known to the portal.',
    notPdf: 'This file is not a PDF.',
    unreadable: 'This PDF could not be read.',
    tooLarge: 'The file is too large: at most {mb} MB.',
    missing: 'Please choose a PDF file.',
    oneFile: 'Please upload one file at a time.',
    malformed: 'The upload could not be read. Please try again.',
    failed: 'The file could not be checked. Please try again.',
  },
} as const;

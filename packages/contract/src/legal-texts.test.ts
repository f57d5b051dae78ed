import { describe, expect, it } from 'vitest';
import {
  accessPage,
  fillPlaceholders,
  type LegalBlock,
  type LegalDocument,
  legalDocuments,
  splitPlaceholders,
} from './legal-texts.ts';

const firm = {
  firm: 'Acme Research',
  email: 'desk@acme.example',
  phone: '+44 20 7000 0000',
  address: '1 Main Street, London',
};

const blocksText = (blocks: readonly LegalBlock[]) =>
  blocks.map((b) => (typeof b === 'string' ? b : b.join('\n'))).join('\n');
const documentText = (doc: LegalDocument) =>
  [
    doc.title,
    doc.meta ?? '',
    blocksText(doc.intro),
    ...doc.sections.flatMap((s) => [s.heading, blocksText(s.blocks)]),
  ].join('\n');

const privacy = documentText(legalDocuments.privacy);
const terms = documentText(legalDocuments.terms);
const regulatory = documentText(legalDocuments.regulatory);

describe('legal facts of spec 1 section 1', () => {
  it('regulatory disclosures: company, affiliates and regulators', () => {
    expect(regulatory).toMatch(/incorporated in Hong Kong/);
    expect(regulatory).toMatch(/Singapore affiliate, which is an exempt financial adviser/);
    expect(regulatory).toMatch(/analyst-network affiliate, which is regulated/);
    expect(regulatory).toMatch(/Securities and Futures Commission of Hong Kong/);
    expect(regulatory).toMatch(/Financial Conduct Authority, the UK conduct authority/);
    expect(regulatory).toMatch(
      /registered as an investment advisor with the U\.S\. Securities and Exchange Commission/,
    );
  });

  it('privacy policy: revision date, ordinance, direct marketing, access requests, contacts', () => {
    expect(legalDocuments.privacy.meta).toBe('Last revised on 8 June 2018');
    expect(privacy).toMatch(
      /Personal Data \(Privacy\) Ordinance \(Cap\. 486\) of Hong Kong .*which governs this policy/,
    );
    expect(privacy).toMatch(
      /not use your personal data in direct marketing unless we have first received your consent/,
    );
    expect(privacy).toMatch(
      /opt out of direct marketing at any time.*by contacting us at \{email\} or on \{phone\}/,
    );
    expect(privacy).toMatch(
      /access and correction requests in writing to our Compliance Officer at \{email\}/,
    );
    expect(privacy).toMatch(/reasonable fee for processing a data access request/);
  });

  it('terms of use: every limit', () => {
    expect(terms).toMatch(/up to 50 colleagues per company/);
    expect(terms).toMatch(
      /company-domain e-mail address; registrations with personal public e-mail domains .* are refused/,
    );
    expect(terms).toMatch(/free trial is allowed once per institution/);
    expect(terms).toMatch(/at least one month's written notice before it expires.*no refunds or credits/);
    expect(terms).toMatch(/subscription is non-transferable/);
    expect(terms).toMatch(/limited to 5 single-recipient forwards per user account per month/);
    expect(terms).toMatch(/capped at US\$100\./);
  });

  it('names no firm: every firm detail is a placeholder', () => {
    for (const text of [privacy, terms, regulatory, JSON.stringify(accessPage)]) {
      expect(text).not.toMatch(/harbourline|@|\+\d/i);
    }
    for (const text of [privacy, terms, regulatory]) expect(text).toMatch(/\{firm\}.*\{email\}.*\{phone\}/s);
  });
});

describe('placeholders', () => {
  it('fills every placeholder and leaves other braces alone', () => {
    expect(fillPlaceholders('{firm}: {email}, {phone}, {address} {other}', firm)).toBe(
      'Acme Research: desk@acme.example, +44 20 7000 0000, 1 Main Street, London {other}',
    );
  });

  it('splits a text into literal parts and placeholders in order', () => {
    expect(splitPlaceholders('Write to {email} or call {phone}.')).toEqual([
      { kind: 'text', value: 'Write to ' },
      { kind: 'placeholder', name: 'email' },
      { kind: 'text', value: ' or call ' },
      { kind: 'placeholder', name: 'phone' },
      { kind: 'text', value: '.' },
    ]);
    expect(splitPlaceholders('{firm}')).toEqual([{ kind: 'placeholder', name: 'firm' }]);
    expect(splitPlaceholders('plain')).toEqual([{ kind: 'text', value: 'plain' }]);
  });
});

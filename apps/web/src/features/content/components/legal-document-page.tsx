import { type LegalDocumentId, legalDocuments } from '@portal/contract';
import { usePageTitle } from '../../../lib/use-page-title.ts';
import { firmDetails } from '../lib/firm-details.ts';
import classes from './content.module.css';
import { PageHeader } from './page-header.tsx';
import { StaticDocument } from './static-document.tsx';

/** Privacy Policy, Terms of Use and Regulatory Disclosures (spec 1 section 1). */
export function LegalDocumentPage({ id }: { id: LegalDocumentId }) {
  const doc = legalDocuments[id];
  usePageTitle(doc.title);
  const firm = firmDetails();
  return (
    <div className={classes.page}>
      <PageHeader eyebrow="Legal" title={doc.title} meta={doc.meta} />
      <StaticDocument intro={doc.intro} sections={doc.sections} firm={firm} />
    </div>
  );
}

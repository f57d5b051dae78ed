import { LegalDocumentPage } from '../../features/content/components/legal-document-page.tsx';

/** /regulatory: the static Regulatory Disclosures of the contract's legal texts, with the firm's details from the runtime configuration. */
export default function RegulatoryRoute() {
  return <LegalDocumentPage id="regulatory" />;
}

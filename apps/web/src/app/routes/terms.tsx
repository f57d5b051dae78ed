import { LegalDocumentPage } from '../../features/content/components/legal-document-page.tsx';

/** /terms: the static Terms of Use of the contract's legal texts, with the firm's details from the runtime configuration. */
export default function TermsRoute() {
  return <LegalDocumentPage id="terms" />;
}

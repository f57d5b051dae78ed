import { LegalDocumentPage } from '../../features/content/components/legal-document-page.tsx';

/** /privacy: the static Privacy Policy of the contract's legal texts, with the firm's details from the runtime configuration. */
export default function PrivacyRoute() {
  return <LegalDocumentPage id="privacy" />;
}

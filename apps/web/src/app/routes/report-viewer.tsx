import { parseViewerSegment, readRfsQuery, rfsPath, viewerMessages } from '@portal/contract';
import { useEffect, useMemo } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router';
import { NotFoundPage } from '../../components/not-found-page.tsx';
import { RfsSignIn } from '../../features/auth/components/rfs-sign-in.tsx';
import { DeviceVerificationForm, RfsNotices } from '../../features/external-links/index.ts';
import { LoadErrorBox } from '../../features/report-viewer/components/load-error.tsx';
import { ReportViewerPage } from '../../features/report-viewer/components/report-viewer-page.tsx';
import { openWebcast } from '../../features/report-viewer/lib/webcast.ts';
import { SaveButton } from '../../features/research/components/save-button.tsx';

// The report viewer shows other features' pieces: the research feature's save toggle, and in the rfs view the
// external-links feature's notices and device verification beside the auth feature's password sign-in.
const saveButton = (report: { id: number; saved: boolean }) => (
  <SaveButton reportId={report.id} saved={report.saved} />
);

// The query key carries the reader: once signed in, the link is asked again under the new session (the
// recipient's own account is let in without a verified device).
const onSignedIn = () => undefined;

/** The rfs view on a device not yet verified: ask for an authentication link, or sign in with a password. */
function RfsVerification() {
  return (
    <>
      <DeviceVerificationForm link={window.location.href} />
      <RfsSignIn onSignedIn={onSignedIn} />
    </>
  );
}

const rfsPieces = { notices: <RfsNotices />, verification: <RfsVerification /> };

/** /rfs.htm?rfsUrl=&rcptId=&docId=&a=: the e-mailed or external link view of a report. */
function RfsViewer() {
  const { search } = useLocation();
  const rfs = readRfsQuery(new URLSearchParams(search));
  const source = useMemo(() => (rfs.accessKey ? { accessKey: rfs.accessKey } : null), [rfs.accessKey]);
  if (!source) return <LoadErrorBox html={`<p>${viewerMessages.accessKeyInvalid}</p>`} />;
  return <ReportViewerPage source={source} rfs={rfsPieces} saveButton={saveButton} />;
}

/** /reports/{id}_{slug}: the id is the part before the first underscore (spec 1 section 2.7). */
function ReportsViewer() {
  const segment = useParams().id ?? '';
  const navigate = useNavigate();
  const parsed = useMemo(() => parseViewerSegment(segment), [segment]);
  const source = useMemo(() => (parsed && parsed !== 'webcast' ? { apiId: parsed.apiId } : null), [parsed]);

  useEffect(() => {
    if (parsed !== 'webcast') return;
    void openWebcast();
    navigate('/', { replace: true });
  }, [parsed, navigate]);

  if (parsed === 'webcast') return null;
  if (!source) return <NotFoundPage />;
  return <ReportViewerPage key={source.apiId} source={source} saveButton={saveButton} />;
}

export default function ReportViewerRoute() {
  const { pathname } = useLocation();
  return pathname.toLowerCase() === rfsPath ? <RfsViewer /> : <ReportsViewer />;
}

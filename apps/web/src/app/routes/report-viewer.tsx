import { parseViewerSegment, readRfsQuery, rfsPath, viewerMessages } from '@portal/contract';
import { useEffect, useMemo } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router';
import { NotFoundPage } from '../../components/not-found-page.tsx';
import { LoadErrorBox } from '../../features/report-viewer/components/load-error.tsx';
import { ReportViewerPage } from '../../features/report-viewer/components/report-viewer-page.tsx';
import { openWebcast } from '../../features/report-viewer/lib/webcast.ts';

/** /rfs.htm?rfsUrl=&rcptId=&docId=&a=: the e-mailed or external link view of a report. */
function RfsViewer() {
  const { search } = useLocation();
  const rfs = readRfsQuery(new URLSearchParams(search));
  const source = useMemo(() => (rfs.accessKey ? { accessKey: rfs.accessKey } : null), [rfs.accessKey]);
  if (!source) return <LoadErrorBox html={`<p>${viewerMessages.accessKeyInvalid}</p>`} />;
  return <ReportViewerPage source={source} rfs />;
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
  return <ReportViewerPage key={source.apiId} source={source} />;
}

export default function ReportViewerRoute() {
  const { pathname } = useLocation();
  return pathname.toLowerCase() === rfsPath ? <RfsViewer /> : <ReportsViewer />;
}

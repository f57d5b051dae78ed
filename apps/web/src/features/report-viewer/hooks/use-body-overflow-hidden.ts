import { useEffect } from 'react';

/** The body attribute that report-page.module.css keys the page rules on (overflow, compact margins). */
export const reportPageAttribute = 'data-report-page';

/**
 * Spec 1 section 2.2: report pages (/reports/ and /rfs.htm) hide the body's overflow. The rule itself lives in
 * CSS keyed on a body attribute, so leaving the page (removing the attribute) restores whatever was there, and
 * small screens, where the related reports sit below the document, keep their page scroll.
 */
export function useBodyOverflowHidden() {
  useEffect(() => {
    document.body.setAttribute(reportPageAttribute, '');
    return () => document.body.removeAttribute(reportPageAttribute);
  }, []);
}

import { fetchParameter } from '../../../lib/parameters.ts';

/** The public parameter holding the external webcast's address (the spec names none; see the report). */
export const webcastParameter = 'rw_WebcastUrl';

/** Only an https address or one of the portal's own is opened; anything else (or no value) leaves the reader home. */
export const safeWebcastUrl = (value: string | undefined | null, origin = window.location.origin) => {
  if (!value) return undefined;
  try {
    const url = new URL(value.trim());
    return url.protocol === 'https:' || url.origin === origin ? url.toString() : undefined;
  } catch {
    return undefined;
  }
};

/**
 * Spec 1 section 2.7: /reports/101010 opens the external webcast in a new window (the caller goes home). A
 * missing parameter only means no window opens.
 */
export async function openWebcast() {
  try {
    const url = safeWebcastUrl(await fetchParameter(webcastParameter));
    if (url) window.open(url, '_blank', 'noopener,noreferrer');
  } catch {
    // no webcast configured
  }
}

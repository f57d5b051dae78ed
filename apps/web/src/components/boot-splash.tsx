import { firmInitial } from '@portal/contract';
import { bootHint } from '../lib/boot-hints.ts';
import { getRuntimeConfig } from '../lib/runtime-config.ts';

/**
 * What the boot splash of index.html shows (the server writes the same markup): the banner picture where the
 * banner will be, when there is one, then the firm's mark and 'Loading…'. Styles in app/global.css. Shared by
 * the splash below and the landing's loader, which goes on showing it.
 */
export function SplashContent({ hero }: { hero: string | undefined }) {
  const { firm } = getRuntimeConfig();
  return (
    <>
      {hero && (
        <div className="portal-hero">
          <img src={hero} alt="" width={1280} height={580} fetchPriority="high" />
        </div>
      )}
      <span className="portal-mark" aria-hidden="true">
        {firmInitial(firm.name)}
      </span>
      <span>Loading…</span>
    </>
  );
}

/**
 * The boot splash as a component: what the router shows until the first screen's code has arrived, so the
 * splash the server sent stays as it was instead of flashing to a spinner.
 */
export function BootSplash() {
  return (
    <div className="portal-splash" role="status">
      <SplashContent hero={bootHint('hero')} />
    </div>
  );
}

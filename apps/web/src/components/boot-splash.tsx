import { firmInitial } from '@portal/contract';
import { bootHint, paintedContent } from '../lib/boot-hints.ts';
import { getRuntimeConfig } from '../lib/runtime-config.ts';

/**
 * The boot splash of index.html as a component: what the router shows until the first screen's code has
 * arrived, so the splash the server sent (with the landing's banner picture) stays as it was instead of
 * flashing to a spinner; on a page the server painted (About), with its text. The markup and classes are those of
 * index.html (styles in app/global.css).
 */
export function BootSplash() {
  const { firm } = getRuntimeConfig();
  const hero = bootHint('hero');
  const painted = paintedContent();
  // The server's painted page (About's text) moves into this splash as the same node, in the commit that
  // replaces the page's own splash: no frame shows the page without it, and it is not parsed twice.
  const keepPainted = (splash: HTMLDivElement | null) => {
    if (splash && painted && painted.parentNode !== splash) splash.prepend(painted);
  };
  return (
    <div className="portal-splash" role="status" ref={painted ? keepPainted : undefined}>
      {hero && (
        <div className="portal-hero">
          <img src={hero} alt="" width={1280} height={580} fetchPriority="high" />
        </div>
      )}
      <span className="portal-mark" aria-hidden="true">
        {firmInitial(firm.name)}
      </span>
      <span>Loading…</span>
    </div>
  );
}

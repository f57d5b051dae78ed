import { firmInitial } from '@portal/contract';
import { bootHint } from '../lib/boot-hints.ts';
import { getRuntimeConfig } from '../lib/runtime-config.ts';

/**
 * The boot splash of index.html as a component: what the router shows until the first screen's code has
 * arrived, so the splash the server sent (with the landing's banner picture) stays as it was instead of
 * flashing to a spinner. The markup and classes are those of index.html (styles in app/global.css).
 */
export function BootSplash() {
  const { firm } = getRuntimeConfig();
  const hero = bootHint('hero');
  return (
    <div className="portal-splash" role="status">
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

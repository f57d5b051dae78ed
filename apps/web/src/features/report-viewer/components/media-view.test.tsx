import { viewerMessages } from '@portal/contract';
import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { AudioView, VideoView } from './media-view.tsx';

describe('media players', () => {
  it('show the spec fallback texts', () => {
    render(<AudioView url="/api/files/a.b" title="Podcast" watermarks={[]} />);
    render(<VideoView url="/api/files/c.d" title="Video note" height={400} watermarks={[]} />);
    expect(screen.getByLabelText('Podcast')).toHaveTextContent(viewerMessages.audioUnsupported);
    expect(screen.getByLabelText('Video note')).toHaveTextContent(viewerMessages.videoUnsupported);
  });

  it('ask once per file URL for a fresh one when the player fails, and resume where it was', () => {
    const onExpired = vi.fn();
    const view = render(
      <AudioView url="/api/files/old.sig" title="Podcast" watermarks={[]} onExpired={onExpired} />,
    );
    const audio = screen.getByLabelText('Podcast') as HTMLAudioElement;
    audio.currentTime = 42;
    fireEvent.error(audio);
    fireEvent.error(audio);
    expect(onExpired).toHaveBeenCalledTimes(1);

    view.rerender(
      <AudioView url="/api/files/new.sig" title="Podcast" watermarks={[]} onExpired={onExpired} />,
    );
    expect(audio).toHaveAttribute('src', '/api/files/new.sig');
    audio.currentTime = 0;
    fireEvent.loadedMetadata(audio);
    expect(audio.currentTime).toBe(42);
    fireEvent.error(audio);
    expect(onExpired).toHaveBeenCalledTimes(2);
  });
});

import { describe, expect, it } from 'vitest';
import { publishMetadata, uploadTypeOfName, youtubeEmbedAddress, youtubeVideoId } from './publishing.ts';

describe('publishing schemas (issue 23)', () => {
  it('takes the video id of YouTube links only', () => {
    for (const link of [
      'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
      'https://youtube.com/watch?feature=x&v=dQw4w9WgXcQ&t=10',
      'https://m.youtube.com/watch?v=dQw4w9WgXcQ',
      'https://youtu.be/dQw4w9WgXcQ?t=3',
      'https://www.youtube.com/shorts/dQw4w9WgXcQ',
      'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ',
    ]) {
      expect(youtubeVideoId(link), link).toBe('dQw4w9WgXcQ');
    }
    for (const link of [
      'https://vimeo.com/123',
      'https://www.youtube.com/watch?v=short',
      'https://evil.test/watch?v=dQw4w9WgXcQ',
      'https://youtube.com.evil.test/watch?v=dQw4w9WgXcQ',
      'javascript:alert(1)',
      'https://user:pw@youtube.com/watch?v=dQw4w9WgXcQ',
      'not a url',
    ]) {
      expect(youtubeVideoId(link), link).toBeNull();
    }
    expect(youtubeEmbedAddress('dQw4w9WgXcQ')).toBe('https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ');
  });

  it('names the upload type by extension', () => {
    expect(uploadTypeOfName('Note.PDF')).toBe('pdf');
    expect(uploadTypeOfName('page.html')).toBe('htm');
    expect(uploadTypeOfName('x.xls')).toBeNull();
    expect(uploadTypeOfName('noext')).toBeNull();
  });

  it('normalises hashtags and refuses what is not one', () => {
    const base = { title: 'T', analystIds: [1], sectorIds: [2] };
    expect(publishMetadata.parse({ ...base, hashtags: ['#Chips', ' memory '] }).hashtags).toEqual([
      'Chips',
      'memory',
    ]);
    expect(publishMetadata.safeParse({ ...base, hashtags: ['two words'] }).success).toBe(false);
    expect(publishMetadata.safeParse({ ...base, publishAt: '2030-01-01T10:00:00+02:00' }).success).toBe(true);
    expect(publishMetadata.safeParse({ ...base, publishAt: '2030-13-01' }).success).toBe(false);
    expect(publishMetadata.safeParse({ ...base, analystIds: ['1'] }).success).toBe(true);
    expect(publishMetadata.safeParse({ ...base, unknown: 1 }).success).toBe(false);
  });
});

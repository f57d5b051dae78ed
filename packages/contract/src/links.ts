/**
 * Link shapes of spec 1 section 2.1 (`/reports/{id}_{title-slug}`, `/analysts/{id}_{name-slug}`,
 * `/sectors/{id}_{sector-slug}`, `/companies/{id}`), one rule for the web app, the mails and the seeds.
 */
export const slugify = (text: string) =>
  text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');

export const withSlug = (base: string, id: number, name: string) => {
  const slug = slugify(name);
  return slug ? `${base}/${id}_${slug}` : `${base}/${id}`;
};

export const reportPath = (id: number, title: string) => withSlug('/reports', id, title);
export const analystPath = (id: number, name: string) => withSlug('/analysts', id, name);
export const sectorPath = (id: number, name: string) => withSlug('/sectors', id, name);
export const companyPath = (id: number) => `/companies/${id}`;

/**
 * A slider's media in the public media folder, e.g. 'sliders/1.webp' under `apiBase` ('/api'); anything else
 * has no public address. One rule for the banner and for the server's preload of the first slide.
 */
export const sliderMediaUrl = (apiBase: string, mediaPath: string | null) =>
  mediaPath && /^sliders\/[\w.-]+$/.test(mediaPath) ? `${apiBase}/media/${mediaPath}` : undefined;

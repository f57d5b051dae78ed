import escapeHtml from 'escape-html';

/** A refusal the viewer shows as HTML (escaped text in a paragraph). */
export const viewerHtmlError = (text: string) => `<p>${escapeHtml(text)}</p>`;

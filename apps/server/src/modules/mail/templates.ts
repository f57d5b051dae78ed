import { messages } from '@portal/contract';

export interface Firm {
  name: string;
  email: string;
  phone: string;
  address: string;
}

export interface MailContent {
  subject: string;
  text: string;
  html: string;
}

const HTML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};
export const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c] ?? c);

interface Body {
  greetingName: string;
  paragraphs: string[];
  action?: { label: string; url: string };
  after?: string[];
}

/** Every mail shares one layout: greeting, text, an optional button link, and the firm's contacts. */
const render = (firm: Firm, subject: string, body: Body): MailContent => {
  const e = escapeHtml;
  const after = body.after ?? [];
  const text = [
    `Dear ${body.greetingName},`,
    '',
    ...body.paragraphs.flatMap((p) => [p, '']),
    ...(body.action ? [`${body.action.label}: ${body.action.url}`, ''] : []),
    ...after.flatMap((p) => [p, '']),
    firm.name,
    firm.address,
    `${firm.phone} | ${firm.email}`,
  ].join('\n');
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${e(subject)}</title></head>
<body style="font-family:Arial,Helvetica,sans-serif;color:#1a1b1e;line-height:1.5">
<p>Dear ${e(body.greetingName)},</p>
${body.paragraphs.map((p) => `<p>${e(p)}</p>`).join('\n')}
${
  body.action
    ? `<p><a href="${e(body.action.url)}" style="display:inline-block;padding:10px 16px;background:#1c4e80;color:#ffffff;text-decoration:none;border-radius:4px">${e(body.action.label)}</a></p>
<p style="font-size:12px;color:#555">If the button does not work, copy this address into your browser: ${e(body.action.url)}</p>`
    : ''
}
${after.map((p) => `<p>${e(p)}</p>`).join('\n')}
<hr style="border:none;border-top:1px solid #ddd">
<p style="font-size:12px;color:#555">${e(firm.name)}<br>${e(firm.address)}<br>${e(firm.phone)} | <a href="mailto:${e(firm.email)}">${e(firm.email)}</a></p>
</body></html>`;
  return { subject, text, html };
};

const signature = (firm: Firm) =>
  `If you did not expect this message, you can ignore it or contact us at ${firm.email}.`;

export const verifyMail = (firm: Firm, to: { name: string; url: string }) =>
  render(firm, messages.mail.verifySubject, {
    greetingName: to.name,
    paragraphs: [
      `Thank you for signing up to the ${firm.name} research portal.`,
      'Please confirm your e-mail address to complete your registration. The link is valid for 48 hours.',
    ],
    action: { label: 'Verify my e-mail address', url: to.url },
    after: [signature(firm)],
  });

export const resetMail = (firm: Firm, to: { name: string; url: string }) =>
  render(firm, messages.mail.resetSubject, {
    greetingName: to.name,
    paragraphs: [
      `We received a request to reset the password of your ${firm.name} account.`,
      'The link is valid for one hour and can be used once.',
    ],
    action: { label: 'Reset my password', url: to.url },
    after: [signature(firm)],
  });

export const accountExistsMail = (firm: Firm, to: { name: string; loginUrl: string; resetUrl: string }) =>
  render(firm, messages.mail.accountExistsSubject, {
    greetingName: to.name,
    paragraphs: [
      `Someone tried to create a new ${firm.name} account with this e-mail address, but an account already exists.`,
      `You can sign in at ${to.loginUrl}. If you forgot your password, you can reset it at ${to.resetUrl}.`,
    ],
    action: { label: 'Sign in', url: to.loginUrl },
    after: [signature(firm)],
  });

export const passwordChangedMail = (firm: Firm, to: { name: string; loginUrl: string }) =>
  render(firm, messages.mail.passwordChangedSubject, {
    greetingName: to.name,
    paragraphs: [
      `The password of your ${firm.name} account was just changed, and your other sessions were signed out.`,
      `If you did not do this, please reset your password and contact us at ${firm.email} or ${firm.phone}.`,
    ],
    action: { label: 'Sign in', url: to.loginUrl },
  });

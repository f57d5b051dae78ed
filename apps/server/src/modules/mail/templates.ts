import {
  mailMessages,
  messagesAdminUsers,
  messagesSite,
  publishAlertMessages,
  subscriptionMessages,
} from '@portal/contract';
import escapeHtml from 'escape-html';

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

export interface MailBody {
  greetingName: string;
  paragraphs: string[];
  action?: { label: string; url: string };
  after?: string[];
  /** list mail (list-mail.ts): the footer's unsubscribe and preference links */
  list?: { unsubscribeUrl: string; preferencesUrl: string };
}

/**
 * Every mail shares one layout: greeting, text, an optional button link, and the firm's contacts. Exported for the
 * CONNECT mails (modules/connect), whose texts live in messagesConnect.
 */
export const render = (firm: Firm, subject: string, body: MailBody): MailContent => {
  const e = escapeHtml;
  const after = body.after ?? [];
  const text = [
    `Dear ${body.greetingName},`,
    '',
    ...body.paragraphs.flatMap((p) => [p, '']),
    ...(body.action ? [`${body.action.label}: ${body.action.url}`, ''] : []),
    ...after.flatMap((p) => [p, '']),
    ...(body.list
      ? [
          `${subscriptionMessages.mail.unsubscribeFooter} ${body.list.unsubscribeUrl}`,
          `${subscriptionMessages.unsubscribe.preferencesLink}: ${body.list.preferencesUrl}`,
          '',
        ]
      : []),
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
${
  body.list
    ? `<p style="font-size:12px;color:#555">${e(subscriptionMessages.mail.unsubscribeFooter)} <a href="${e(body.list.unsubscribeUrl)}">${e(subscriptionMessages.mail.unsubscribeLabel)}</a> | <a href="${e(body.list.preferencesUrl)}">${e(subscriptionMessages.unsubscribe.preferencesLink)}</a></p>\n`
    : ''
}<p style="font-size:12px;color:#555">${e(firm.name)}<br>${e(firm.address)}<br>${e(firm.phone)} | <a href="mailto:${e(firm.email)}">${e(firm.email)}</a></p>
</body></html>`;
  return { subject, text, html };
};

const signature = (firm: Firm) =>
  `If you did not expect this message, you can ignore it or contact us at ${firm.email}.`;

export const verifyMail = (firm: Firm, to: { name: string; url: string }) =>
  render(firm, mailMessages.verifySubject, {
    greetingName: to.name,
    paragraphs: [
      `Thank you for signing up to the ${firm.name} research portal.`,
      'Please confirm your e-mail address to complete your registration. The link is valid for 48 hours.',
    ],
    action: { label: 'Verify my e-mail address', url: to.url },
    after: [signature(firm)],
  });

export const resetMail = (firm: Firm, to: { name: string; url: string }) =>
  render(firm, mailMessages.resetSubject, {
    greetingName: to.name,
    paragraphs: [
      `We received a request to reset the password of your ${firm.name} account.`,
      'The link is valid for one hour and can be used once.',
    ],
    action: { label: 'Reset my password', url: to.url },
    after: [signature(firm)],
  });

export const accountExistsMail = (firm: Firm, to: { name: string; loginUrl: string; resetUrl: string }) =>
  render(firm, mailMessages.accountExistsSubject, {
    greetingName: to.name,
    paragraphs: [
      `Someone tried to create a new ${firm.name} account with this e-mail address, but an account already exists.`,
      `You can sign in at ${to.loginUrl}. If you forgot your password, you can reset it at ${to.resetUrl}.`,
    ],
    action: { label: 'Sign in', url: to.loginUrl },
    after: [signature(firm)],
  });

export const passwordChangedMail = (firm: Firm, to: { name: string; loginUrl: string }) =>
  render(firm, mailMessages.passwordChangedSubject, {
    greetingName: to.name,
    paragraphs: [
      `The password of your ${firm.name} account was just changed, and your other sessions were signed out.`,
      `If you did not do this, please reset your password and contact us at ${firm.email} or ${firm.phone}.`,
    ],
    action: { label: 'Sign in', url: to.loginUrl },
  });

/** Sign-in was throttled after repeated failures: the owner may unlock it on their own browser. */
export const unlockMail = (firm: Firm, to: { name: string; url: string; resetUrl: string }) =>
  render(firm, mailMessages.unlockSubject, {
    greetingName: to.name,
    paragraphs: [
      `Sign-in to your ${firm.name} account was paused after several attempts with a wrong password.`,
      'If that was you, open this link on the browser you sign in with: it unlocks sign-in there for 24 hours (you still need your password). The link is valid for one hour and can be used once.',
      `If it was not you, your account is safe: nobody got in. You may want to choose a new password at ${to.resetUrl}.`,
    ],
    action: { label: 'Unlock sign-in', url: to.url },
    after: [signature(firm)],
  });

/** An e-mailed report link (issue 4): the recipient may not have an account. */
export const reportLinkMail = (
  firm: Firm,
  to: { name: string; reportTitle: string; url: string; expiresAt: Date },
) =>
  render(firm, mailMessages.reportLinkSubject, {
    greetingName: to.name,
    paragraphs: [
      `${firm.name} has shared a research report with you: "${to.reportTitle}".`,
      `The link is personal to you and valid until ${to.expiresAt.toUTCString()}. The first time you open it on a device, you will be asked to confirm your e-mail address.`,
    ],
    action: { label: 'Read the report', url: to.url },
    after: [signature(firm)],
  });

/**
 * A reader's forward of a report to a colleague at their firm (issue 13): the same personal link as an admin's
 * e-mailed link, naming the sender; the sender's note is their own words, kept apart and escaped like every text.
 */
export const forwardMail = (
  firm: Firm,
  to: {
    name: string;
    senderName: string;
    senderEmail: string;
    reportTitle: string;
    url: string;
    expiresAt: Date;
    note?: string;
  },
) =>
  render(firm, messagesAdminUsers.forward.mailSubject, {
    greetingName: to.name,
    paragraphs: [
      `${to.senderName} (${to.senderEmail}), a colleague of yours, has shared a ${firm.name} research report with you: "${to.reportTitle}".`,
      ...(to.note?.trim()
        ? [
            `${to.senderName} wrote:`,
            ...to.note
              .split(/\n\s*\n/)
              .map((p) => p.trim())
              .filter(Boolean),
          ]
        : []),
      `The link is personal to you and valid until ${to.expiresAt.toUTCString()}. The first time you open it on a device, you will be asked to confirm your e-mail address.`,
    ],
    action: { label: 'Read the report', url: to.url },
    after: [signature(firm)],
  });

/**
 * A publish alert (issue 23): list mail (list-mail.ts gives the footer links) naming the new report, its summary
 * and analysts, with the reader's personal access-key link (an e-mailed link of the viewer).
 */
export const publishAlertMail = (
  firm: Firm,
  to: {
    name: string;
    reportTitle: string;
    summary: string;
    analysts: readonly string[];
    url: string;
    expiresAt: Date;
    list: { unsubscribeUrl: string; preferencesUrl: string };
  },
) => {
  const m = publishAlertMessages;
  const summary = to.summary
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .filter(Boolean);
  return render(firm, m.subject(to.reportTitle), {
    greetingName: to.name,
    paragraphs: [
      m.intro(firm.name),
      `"${to.reportTitle}"`,
      ...(to.analysts.length > 0 ? [m.analysts(to.analysts.join(', '))] : []),
      ...summary,
    ],
    action: { label: m.action, url: to.url },
    after: [m.linkNote(to.expiresAt.toUTCString()), m.why],
    list: to.list,
  });
};

/** Device verification for an e-mailed report link; the link must be opened on the device to verify. */
export const deviceVerifyMail = (firm: Firm, to: { name: string; reportTitle: string; url: string }) =>
  render(firm, mailMessages.deviceVerifySubject, {
    greetingName: to.name,
    paragraphs: [
      `Please confirm that you want to read "${to.reportTitle}" on this device.`,
      'Open the link on the same device and browser you used to request it. The link is valid for one hour and can be used once.',
    ],
    action: { label: 'Verify my device', url: to.url },
    after: [signature(firm)],
  });

/** A contact-form message (/AOI/Investor, /AOI/Analyst) forwarded to the firm's own address. */
export const contactMessageMail = (
  firm: Firm,
  contact: { type: string; name: string; email: string; message: string },
) =>
  render(firm, `${messagesSite.contactMailSubject}: ${contact.type}`, {
    greetingName: `${firm.name} team`,
    paragraphs: [
      `${contact.name} (${contact.email}) sent this message as ${contact.type === 'Investor' ? 'an Investor' : 'an Analyst'} through the website contact form:`,
      ...contact.message
        .split(/\n\s*\n/)
        .map((p) => p.trim())
        .filter(Boolean),
    ],
    after: [`Reply to ${contact.email} to answer.`],
  });

/** The Enter Email dialog's link (issue 12): an account-style mail to the address asked for, no list footer. */
export const unsubscribeLinkMail = (firm: Firm, to: { name: string; url: string }) =>
  render(firm, subscriptionMessages.mail.linkSubject, {
    greetingName: to.name,
    paragraphs: [subscriptionMessages.mail.linkIntro, subscriptionMessages.mail.linkValidity],
    action: { label: subscriptionMessages.mail.linkAction, url: to.url },
    after: [signature(firm)],
  });

const TEXT_OF_ENTITY: Record<string, string> = {
  lt: '<',
  gt: '>',
  quot: '"',
  '#39': "'",
  nbsp: ' ',
  amp: '&',
};

/** Plain text of stored template HTML: block ends become line breaks, tags go, the five escapes come back. */
export const htmlToText = (html: string) =>
  html
    .replace(/<(script|style)\b[\s\S]*?<\/\1\s*>/gi, '')
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<\/(p|div|li|h[1-6]|tr)\s*>/gi, '\n\n')
    .replace(/<li\b[^>]*>/gi, '- ')
    .replace(/<[^>]*>/g, '')
    .replace(/&(lt|gt|quot|#39|nbsp|amp);/g, (_m, name: string) => TEXT_OF_ENTITY[name] ?? '')
    .replace(/[ \t]+\n/g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();

/**
 * A mail whose body is a template parameter (issue 12: sWebEmlTMPLT*, sUnsubRsnEmlTmplt, sWebUnsubEmlTMPLT*),
 * already filled with escaped values, in the firm's layout: its contacts and the year in the footer. `listMail`
 * (given by list-mail.ts only) adds the visible unsubscribe link every list mail carries.
 */
export const templateMail = (
  firm: Firm,
  input: { subject: string; bodyHtml: string; year: number; listMail?: { unsubscribeUrl: string } },
): MailContent => {
  const e = escapeHtml;
  const footer = subscriptionMessages.mail;
  const list = input.listMail;
  const text = [
    htmlToText(input.bodyHtml),
    '',
    ...(list ? [`${footer.unsubscribeFooter} ${list.unsubscribeUrl}`, ''] : []),
    `\u00a9 ${input.year} ${firm.name}`,
    firm.address,
    `${firm.phone} | ${firm.email}`,
  ].join('\n');
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${e(input.subject)}</title></head>
<body style="font-family:Arial,Helvetica,sans-serif;color:#1a1b1e;line-height:1.5">
${input.bodyHtml}
<hr style="border:none;border-top:1px solid #ddd">
${list ? `<p style="font-size:12px;color:#555">${e(footer.unsubscribeFooter)} <a href="${e(list.unsubscribeUrl)}">${e(footer.unsubscribeLabel)}</a></p>\n` : ''}<p style="font-size:12px;color:#555">&copy; ${input.year} ${e(firm.name)}<br>${e(firm.address)}<br>${e(firm.phone)} | <a href="mailto:${e(firm.email)}">${e(firm.email)}</a></p>
</body></html>`;
  return { subject: input.subject, text, html };
};

import { mailMessages, publishAlertMessages, subscriptionMessages } from '@portal/contract';
import escapeHtml from 'escape-html';
import { describe, expect, it } from 'vitest';
import {
  accountExistsMail,
  deviceVerifyMail,
  passwordChangedMail,
  publishAlertMail,
  reportLinkMail,
  resetMail,
  templateMail,
  verifyMail,
} from './templates.ts';

const firm = {
  name: 'Harbourline <Research> & Co',
  email: 'clientservices@harbourline.example',
  phone: '+852 3000 8000',
  address: 'Two Exchange Square, Central, Hong Kong',
};

describe('mail templates', () => {
  it('escapes HTML special characters', () => {
    expect(escapeHtml(`<a href="x">'&'</a>`)).toBe('&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;');
  });

  it('escapes names, firm details and links in the HTML part, keeps them plain in the text part', () => {
    const url = 'http://portal.test/verify?token=abc&x="<script>"';
    const mail = verifyMail(firm, { name: '<script>alert(1)</script>', url });
    expect(mail.subject).toBe(mailMessages.verifySubject);
    expect(mail.html).not.toContain('<script>');
    expect(mail.html).toContain('Dear &lt;script&gt;alert(1)&lt;/script&gt;,');
    expect(mail.html).toContain('Harbourline &lt;Research&gt; &amp; Co');
    expect(mail.html).toContain(
      'href="http://portal.test/verify?token=abc&amp;x=&quot;&lt;script&gt;&quot;"',
    );
    expect(mail.text).toContain(url);
    expect(mail.text).toContain('Dear <script>alert(1)</script>,');
  });

  it.each([
    ['verify', verifyMail(firm, { name: 'Ada', url: 'http://p/verify?token=t' }), mailMessages.verifySubject],
    ['reset', resetMail(firm, { name: 'Ada', url: 'http://p/resetpassword?p=t' }), mailMessages.resetSubject],
    [
      'account exists',
      accountExistsMail(firm, { name: 'Ada', loginUrl: 'http://p/login', resetUrl: 'http://p/login' }),
      mailMessages.accountExistsSubject,
    ],
    [
      'password changed',
      passwordChangedMail(firm, { name: 'Ada', loginUrl: 'http://p/login' }),
      mailMessages.passwordChangedSubject,
    ],
  ])('%s mail carries the subject and the firm contacts', (_name, mail, subject) => {
    expect(mail.subject).toBe(subject);
    for (const part of [mail.text, mail.html]) {
      expect(part).toContain(firm.phone);
      expect(part).toContain(firm.email);
      expect(part).toContain('Two Exchange Square, Central, Hong Kong');
    }
    expect(mail.text).toContain(firm.name);
  });
});

describe('e-mailed report link templates', () => {
  it('escapes the report title and carries the link', () => {
    const url = 'http://portal.test/rfs.htm?rfsUrl=%2Freports%2F1_x&rcptId=1&docId=1&a=key';
    const mail = reportLinkMail(firm, {
      name: 'reader@example.org',
      reportTitle: 'Chips <b>& more</b>',
      url,
      expiresAt: new Date('2030-01-29T09:00:00Z'),
    });
    expect(mail.subject).toBe(mailMessages.reportLinkSubject);
    expect(mail.html).toContain('Chips &lt;b&gt;&amp; more&lt;/b&gt;');
    expect(mail.html).toContain(
      'href="http://portal.test/rfs.htm?rfsUrl=%2Freports%2F1_x&amp;rcptId=1&amp;docId=1&amp;a=key"',
    );
    expect(mail.text).toContain(url);
    expect(mail.text).toContain('Tue, 29 Jan 2030 09:00:00 GMT');

    const device = deviceVerifyMail(firm, {
      name: 'Jordan',
      reportTitle: 'Chips',
      url: 'http://portal.test/verifyCookieEmail?token=t',
    });
    expect(device.subject).toBe(mailMessages.deviceVerifySubject);
    expect(device.text).toContain('http://portal.test/verifyCookieEmail?token=t');
  });
});

describe('template parameter mails (issue 12)', () => {
  const bodyHtml = '<p>Dear Ada,</p><p>Requested: Banks &amp; Brokers.</p><ul><li>One</li></ul>';

  it('wraps the filled template in the firm layout with the year, and a plain-text part without tags', () => {
    const mail = templateMail(firm, { subject: 'Your request', bodyHtml, year: 2031 });
    expect(mail.html).toContain(bodyHtml);
    expect(mail.html).toContain('&copy; 2031 Harbourline &lt;Research&gt; &amp; Co');
    expect(mail.html).toContain('Two Exchange Square, Central, Hong Kong');
    expect(mail.html).not.toContain('/unsubscribe');
    expect(mail.text).toBe(
      [
        'Dear Ada,',
        '',
        'Requested: Banks & Brokers.',
        '',
        '- One',
        '',
        '\u00a9 2031 Harbourline <Research> & Co',
        firm.address,
        `${firm.phone} | ${firm.email}`,
      ].join('\n'),
    );
  });

  it('adds the visible unsubscribe link of a list mail, escaped', () => {
    const url = 'http://portal.test/unsubscribe/0?token=a"b&c';
    const mail = templateMail(firm, {
      subject: 's',
      bodyHtml,
      year: 2031,
      listMail: { unsubscribeUrl: url },
    });
    expect(mail.html).toContain(
      '<a href="http://portal.test/unsubscribe/0?token=a&quot;b&amp;c">Unsubscribe</a>',
    );
    expect(mail.text).toContain(url);
  });
});

describe('publish alert template', () => {
  const mail = publishAlertMail(firm, {
    name: 'Ada <Reader>',
    reportTitle: 'Chips <b>& more</b>',
    summary: 'First <i>paragraph</i>.\n\nSecond paragraph.',
    analysts: ['Mei Tanaka', 'Arjun "AR" Rao'],
    url: 'http://portal.test/rfs.htm?rfsUrl=%2Freports%2F1_x&rcptId=1&docId=1&a=key',
    expiresAt: new Date('2030-02-14T09:00:00Z'),
    list: {
      unsubscribeUrl: 'http://portal.test/unsubscribe/0?token=u&x=1',
      preferencesUrl: 'http://portal.test/subscriptionPreference/home?token=p',
    },
  });

  it('names the report, its summary and analysts, escaped in the HTML part', () => {
    expect(mail.subject).toBe(publishAlertMessages.subject('Chips <b>& more</b>'));
    expect(mail.html).not.toContain('<b>');
    expect(mail.html).not.toContain('<i>');
    expect(mail.html).toContain('&quot;Chips &lt;b&gt;&amp; more&lt;/b&gt;&quot;');
    expect(mail.html).toContain('<p>First &lt;i&gt;paragraph&lt;/i&gt;.</p>\n<p>Second paragraph.</p>');
    expect(mail.html).toContain('By Mei Tanaka, Arjun &quot;AR&quot; Rao');
    expect(mail.text).toContain('"Chips <b>& more</b>"');
    expect(mail.text).toContain('By Mei Tanaka, Arjun "AR" Rao');
    expect(mail.text).toContain('Thu, 14 Feb 2030 09:00:00 GMT');
  });

  it('carries the personal link and the list footer: unsubscribe and preferences', () => {
    expect(mail.html).toContain(
      'href="http://portal.test/rfs.htm?rfsUrl=%2Freports%2F1_x&amp;rcptId=1&amp;docId=1&amp;a=key"',
    );
    expect(mail.html).toContain('<a href="http://portal.test/unsubscribe/0?token=u&amp;x=1">Unsubscribe</a>');
    expect(mail.html).toContain('href="http://portal.test/subscriptionPreference/home?token=p"');
    expect(mail.text).toContain(
      `${subscriptionMessages.mail.unsubscribeFooter} http://portal.test/unsubscribe/0?token=u&x=1`,
    );
    expect(mail.text).toContain(
      `${subscriptionMessages.unsubscribe.preferencesLink}: http://portal.test/subscriptionPreference/home?token=p`,
    );
  });
});

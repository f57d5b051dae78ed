/**
 * The static pages' texts (spec 1 section 1: the legal and policy facts; spec 3 section 2: the access page).
 * Nothing of one firm is written here: `{firm}`, `{email}`, `{phone}` and `{address}` are filled from the
 * runtime configuration (FIRM_* on the server, window.__PORTAL_CONFIG__ in the browser).
 */

/** The Terms of Use limits with a number (spec 1 section 9; one month's notice and one trial are in the text). */
export const termsLimits = {
  colleaguesPerCompany: 50,
  forwardsPerMonth: 5,
  liabilityCapUsd: 100,
} as const;

/** The date the privacy policy was last revised (spec 1 section 1). */
export const privacyLastRevised = '8 June 2018';

export const legalPlaceholders = ['firm', 'email', 'phone', 'address'] as const;
export type LegalPlaceholder = (typeof legalPlaceholders)[number];
export type FirmDetails = Record<LegalPlaceholder, string>;

/** A paragraph, or a bulleted list when it is an array. */
export type LegalBlock = string | readonly string[];

export interface LegalSection {
  /** anchor id, so a section can be linked to (e.g. /privacy#access-and-correction) */
  id: string;
  heading: string;
  blocks: readonly LegalBlock[];
}

export interface LegalDocument {
  title: string;
  /** shown under the title, e.g. the revision date */
  meta?: string;
  intro: readonly LegalBlock[];
  sections: readonly LegalSection[];
}

const placeholderPattern = /\{(firm|email|phone|address)\}/g;

/** Splits a text into literal parts and placeholders, so a renderer can turn {email} into a mailto link. */
export const splitPlaceholders = (
  text: string,
): Array<{ kind: 'text'; value: string } | { kind: 'placeholder'; name: LegalPlaceholder }> => {
  const parts: Array<{ kind: 'text'; value: string } | { kind: 'placeholder'; name: LegalPlaceholder }> = [];
  let last = 0;
  for (const match of text.matchAll(placeholderPattern)) {
    const at = match.index ?? 0;
    if (at > last) parts.push({ kind: 'text', value: text.slice(last, at) });
    parts.push({ kind: 'placeholder', name: match[1] as LegalPlaceholder });
    last = at + match[0].length;
  }
  if (last < text.length) parts.push({ kind: 'text', value: text.slice(last) });
  return parts;
};

/** The text with every placeholder replaced by the firm's configured value. */
export const fillPlaceholders = (text: string, firm: FirmDetails) =>
  text.replace(placeholderPattern, (_, name: LegalPlaceholder) => firm[name]);

const t = termsLimits;

const privacyPolicy: LegalDocument = {
  title: 'Privacy Policy',
  meta: `Last revised on ${privacyLastRevised}`,
  intro: [
    '{firm} ("we", "us" or "our") respects your privacy and is committed to protecting the personal data you share with us. This Privacy Policy explains what personal data we collect through this research portal, how we use and safeguard it, and the choices and rights you have.',
    'We handle personal data in accordance with the Personal Data (Privacy) Ordinance (Cap. 486) of Hong Kong (the "Ordinance"), which governs this policy. Where our affiliates outside Hong Kong process your data, they also observe the data protection laws that apply to them.',
  ],
  sections: [
    {
      id: 'data-we-collect',
      heading: 'Personal data we collect',
      blocks: [
        'When you register, subscribe, contact us or use the portal, we may collect:',
        [
          'identification and contact details, such as your name, job title, company name, business e-mail address and telephone number;',
          'account details, such as your sign-in credentials (stored only as a one-way hash), subscription preferences and the research you save or follow;',
          'usage information, such as the reports you open, the pages you visit, the time spent on them, your browser type and your IP address;',
          'the content of messages you send us, including through our contact forms and meeting requests.',
        ],
        'You are not obliged to provide your personal data, but if you do not, we may be unable to open an account for you, provide our research or answer your enquiry.',
      ],
    },
    {
      id: 'how-we-use-data',
      heading: 'How we use your personal data',
      blocks: [
        'We use your personal data to:',
        [
          'verify your identity and your entitlement to our research, and administer your account and subscription;',
          'deliver research, alerts, event invitations and other services you have asked for;',
          'arrange meetings and calls with our analysts;',
          'meet our legal and regulatory obligations, including record keeping, compliance monitoring and responding to regulators;',
          'protect the security of the portal and prevent misuse of our research;',
          'understand how our research is read so that we can improve it.',
        ],
      ],
    },
    {
      id: 'direct-marketing',
      heading: 'Use of personal data in direct marketing',
      blocks: [
        'We intend to use your name and contact details to send you information about our research products, events and advisory services. We will not use your personal data in direct marketing unless we have first received your consent, as the Ordinance requires, and we do not provide your personal data to third parties for their own direct marketing.',
        'You may withdraw your consent and opt out of direct marketing at any time, free of charge, by contacting us at {email} or on {phone}, or by using the unsubscribe link included in our communications.',
      ],
    },
    {
      id: 'disclosure',
      heading: 'Who we share personal data with',
      blocks: [
        'We keep your personal data confidential. We may share it, on a need-to-know basis, with:',
        [
          'our affiliates, including our Singapore affiliate and our analyst-network affiliate, to provide the services you have requested;',
          'the third-party CRM provider that powers this portal, and other service providers (such as hosting and e-mail delivery) who process data on our behalf under contractual confidentiality and security obligations;',
          'regulators, courts, law-enforcement agencies and other authorities where we are required or permitted by law to do so.',
        ],
        'Some of these recipients may be located outside Hong Kong. Where we transfer personal data abroad, we take reasonable steps to make sure that it receives a level of protection comparable to that under the Ordinance.',
      ],
    },
    {
      id: 'cookies',
      heading: 'Cookies',
      blocks: [
        'The portal uses cookies that are necessary for it to work, such as the cookie that keeps you signed in, a security cookie that protects your requests, and a cookie that records your acceptance of this notice. By continuing to use the website you consent to our use of cookies. You may block cookies in your browser settings, but parts of the portal will then no longer work.',
      ],
    },
    {
      id: 'retention-and-security',
      heading: 'Retention and security',
      blocks: [
        'We keep personal data only for as long as is necessary to fulfil the purposes for which it was collected and to meet our legal and regulatory record-keeping obligations, after which it is securely deleted or anonymised.',
        'We protect personal data with technical and organisational measures appropriate to its sensitivity, including encrypted connections, access controls and staff confidentiality obligations.',
      ],
    },
    {
      id: 'access-and-correction',
      heading: 'Access to and correction of your personal data',
      blocks: [
        'Under the Ordinance you have the right to ask whether we hold personal data about you, to request a copy of that data, and to request the correction of any data that is inaccurate. Please send data access and correction requests in writing to our Compliance Officer at {email}, or call {phone}.',
        'We may charge a reasonable fee for processing a data access request. We will tell you the fee before we process your request.',
      ],
    },
    {
      id: 'changes',
      heading: 'Changes to this policy',
      blocks: [
        'We may update this Privacy Policy from time to time. The date at the top of this page shows when it was last revised; your continued use of the portal after a change means that you accept the revised policy.',
      ],
    },
    {
      id: 'contact',
      heading: 'Contact us',
      blocks: [
        'If you have any question about this Privacy Policy or how we handle your personal data, please contact our Compliance Officer at {email} or on {phone}, or write to us at {address}.',
      ],
    },
  ],
};

const termsOfUse: LegalDocument = {
  title: 'Terms of Use',
  intro: [
    'These Terms of Use govern your access to and use of the research portal of {firm} and the research, data and other material published on it (together, the "Research"). By registering for an account, subscribing or using the portal, you agree to these terms. If you do not agree, please do not use the portal.',
  ],
  sections: [
    {
      id: 'eligibility',
      heading: 'Eligibility and registration',
      blocks: [
        'The portal is intended for professional and institutional investors. You must register with a company-domain e-mail address; registrations with personal public e-mail domains (such as gmail.com or yahoo.com) are refused.',
        'You are responsible for keeping your password confidential and for all activity under your account. Please tell us at once at {email} if you believe your account has been used without your permission.',
      ],
    },
    {
      id: 'subscriptions',
      heading: 'Institutional subscriptions',
      blocks: [
        [
          `An institutional subscription covers up to ${t.colleaguesPerCompany} colleagues per company. Further users require an additional subscription.`,
          'A free trial is allowed once per institution. We may decline a trial where a colleague at the same institution has already had one.',
          "A subscription may be cancelled by giving us at least one month's written notice before it expires. Fees are not refundable, and no refunds or credits are given for cancelled or unused periods.",
          'A subscription is non-transferable: it may not be assigned, resold or shared with anyone outside the subscribing institution.',
        ],
      ],
    },
    {
      id: 'use-of-research',
      heading: 'Use of the Research',
      blocks: [
        'The Research is provided for your own internal use only. You may not copy, reproduce, redistribute, publish or sell any part of it, or use it to build a database or train any model, without our prior written consent.',
        `You may forward Research to colleagues in the same organisation, limited to ${t.forwardsPerMonth} single-recipient forwards per user account per month. Research may not be forwarded to anyone outside your organisation.`,
        'Reports may carry a watermark identifying the reader. You must not remove or obscure it. We monitor the use of the portal to protect our Research and may suspend accounts that breach these terms.',
      ],
    },
    {
      id: 'no-advice',
      heading: 'No offer and no personal advice',
      blocks: [
        'The Research is published for information only. It is not an offer or solicitation to buy or sell any security or financial instrument, and it does not take into account the investment objectives, financial situation or particular needs of any person. You should seek independent professional advice before making any investment decision. Past performance is not a guide to future returns.',
      ],
    },
    {
      id: 'intellectual-property',
      heading: 'Intellectual property',
      blocks: [
        'All rights in the Research, the portal and its content belong to {firm} or its licensors. Nothing in these terms transfers any of those rights to you.',
      ],
    },
    {
      id: 'liability',
      heading: 'Limitation of liability',
      blocks: [
        'The Research is prepared with care from sources we believe to be reliable, but it is provided "as is", without any warranty as to its accuracy, completeness or timeliness.',
        `To the fullest extent permitted by law, the total liability of {firm} and its affiliates to you arising out of or in connection with the portal or the Research, whether in contract, tort or otherwise, is capped at US$${t.liabilityCapUsd}. We are not liable for any indirect or consequential loss, or for any loss of profit or trading loss.`,
      ],
    },
    {
      id: 'changes-and-law',
      heading: 'Changes, termination and governing law',
      blocks: [
        'We may amend these terms from time to time; the version published on the portal applies. We may suspend or end your access if you breach these terms.',
        'These terms are governed by the laws of the Hong Kong Special Administrative Region, and the courts of Hong Kong have non-exclusive jurisdiction over any dispute arising from them.',
        'Questions about these terms may be sent to {email} or made by telephone on {phone}.',
      ],
    },
  ],
};

const regulatoryDisclosures: LegalDocument = {
  title: 'Regulatory Disclosures',
  intro: [
    '{firm} is an independent investment research and advisory firm. This page sets out the regulatory status of the firm and its affiliates and the principal disclosures that apply to the research published on this portal.',
  ],
  sections: [
    {
      id: 'group-structure',
      heading: 'The firm and its affiliates',
      blocks: [
        [
          '{firm} is a company incorporated in Hong Kong, with its principal office at {address}.',
          'It has a Singapore affiliate, which is an exempt financial adviser in Singapore.',
          'It has an analyst-network affiliate, which is regulated and engages industry specialists who contribute to our research.',
        ],
      ],
    },
    {
      id: 'regulation',
      heading: 'Regulatory status',
      blocks: [
        [
          'Hong Kong: {firm} is licensed and regulated by the Securities and Futures Commission of Hong Kong, the Hong Kong securities regulator, to advise on securities.',
          'United Kingdom: the firm is authorised and regulated by the Financial Conduct Authority, the UK conduct authority.',
          'United States: the firm is registered as an investment advisor with the U.S. Securities and Exchange Commission, the US securities regulator. Registration does not imply any level of skill or training.',
          'Singapore: our Singapore affiliate is an exempt financial adviser and provides research to accredited and institutional investors only.',
        ],
      ],
    },
    {
      id: 'research-disclosures',
      heading: 'Research disclosures',
      blocks: [
        'Our research is independent: we do not provide investment banking, underwriting, brokerage or market-making services, and we do not trade the securities we write about for our own account. Analysts are not paid by reference to specific recommendations or to any trading activity.',
        'Each analyst certifies that the views expressed in their research accurately reflect their personal views about the subject securities and issuers.',
        'Our research is intended for professional and institutional investors only and is not directed at any person in a jurisdiction where its distribution would be contrary to local law or regulation.',
      ],
    },
    {
      id: 'conflicts',
      heading: 'Conflicts of interest and complaints',
      blocks: [
        'We maintain policies to identify and manage conflicts of interest, including restrictions on personal dealing by staff. A summary of these policies is available on request.',
        'Complaints and questions about these disclosures may be addressed to our Compliance Officer at {email} or on {phone}.',
      ],
    },
  ],
};

export const legalDocuments = {
  privacy: privacyPolicy,
  terms: termsOfUse,
  regulatory: regulatoryDisclosures,
} as const;
export type LegalDocumentId = keyof typeof legalDocuments;

/** The /access marketing page (spec 3 section 2). */
export const accessPage = {
  title: 'Research access for every stakeholder',
  lead: 'Independent research, expert access and advisory support from one team, for investors, companies and their advisers.',
  capabilities: {
    heading: 'Our Capabilities',
    items: [
      {
        title: 'Independent research',
        text: 'In-depth company, sector and macro research by analysts who are free of investment banking and trading conflicts.',
      },
      {
        title: 'Expert access',
        text: 'Calls and meetings with our analysts and with industry specialists from our analyst network.',
      },
      {
        title: 'Data and fintech',
        text: 'Proprietary data sets, models and tools that turn industry knowledge into investable insight.',
      },
      {
        title: 'Advisory',
        text: 'Bespoke projects, due diligence and strategic advice for investors and corporates.',
      },
    ],
  },
  stakeholders: {
    heading: '360° Service for All Stakeholders',
    items: [
      {
        id: 'private-equity',
        title: 'Private Equity / VC Funds',
        text: 'Commercial due diligence, market sizing and competitive mapping before you invest; independent monitoring of portfolio companies and their markets after you do.',
      },
      {
        id: 'markets',
        title: 'Public / Private Markets',
        text: 'Timely company and sector research, earnings previews and thematic work for long-only, hedge fund and private-credit investors, with direct access to the analysts behind it.',
      },
      {
        id: 'founders',
        title: 'Founders / Corporates',
        text: 'An outside view of your industry, peers and investors: market studies, investor-perception work and preparation for fundraising or listing.',
      },
    ],
  },
  services: {
    heading: 'Comprehensive Set of Services',
    text: 'From initiation reports to industry deep dives, our research covers the full investment cycle. Read a sample of our work:',
  },
} as const;

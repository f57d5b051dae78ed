/**
 * Texts of the public site's forms and pages (contact, areas of interest, content pages) and of the token pages
 * (verify, reset, unlock). Modules of their own beside messages.ts keep them out of the login route's initial JS:
 * only lazy screens and the server import them.
 */
export const messagesSite = {
  aoiTitle: 'Are you an Investor or Analyst?',
  aoiText: 'Tell us about yourself so we can provide content relevant to you.',
  nameRequired: 'Please input your name.',
  emailRequired: 'Please input your email address.',
  messageRequired: 'Please input your message.',
  captchaRequired: 'Please solve the challenge.',
  // ours
  contactSent: 'Thank you. Your message has been sent; we will get back to you shortly.',
  captchaInvalid: 'The challenge could not be verified. Please solve it again.',
  taglines: ['Investments', 'Ideas', 'Advisory', 'Fintech'],
  nameTooLong: 'Your name can be at most 100 characters long.',
  messageTooLong: 'Your message can be at most 5000 characters long.',
  typeInvalid: 'Please choose Investor or Analyst.',
  contactFailed: 'Your message could not be sent. Please try again later.',
  contactMailSubject: 'New message from the website contact form',
  favourites: 'Favourites',
  // the page titles the server also paints (web-document's painted pages)
  aboutTitle: 'About Us',
  // Team Management (spec 2): Sort Our People
  team: {
    sortTitle: 'Sort Our People',
    // ours
    title: 'Team Management',
    lead: 'The order of Our People on the landing page and on /people. Drag a row by its handle, or focus the handle and use Space, the arrow keys and Space again; then save.',
    tableLabel: 'Our People, in their order',
    position: 'Position',
    name: 'Name',
    designation: 'Designation',
    category: 'Category',
    move: 'Move',
    dragHandle: (name: string) => `Move ${name}`,
    picked: (name: string, position: number, total: number) =>
      `Picked up ${name}, at position ${position} of ${total}.`,
    moved: (name: string, position: number, total: number) =>
      `${name} moved to position ${position} of ${total}.`,
    dropped: (name: string, position: number, total: number) =>
      `${name} dropped at position ${position} of ${total}.`,
    cancelled: (name: string) => `Moving ${name} was cancelled.`,
    save: 'Save order',
    saved: 'The order of Our People has been saved.',
    failed: 'The order could not be saved. It is still here: please try again.',
    empty: 'Nobody is listed in Our People yet.',
    loadFailed: 'Our People could not be loaded.',
    unsaved: 'The new order is not saved. Leave this page and lose it?',
    leave: 'Leave',
    stay: 'Stay',
    badOrder: 'Give each person a position from 0 to 100000, by their analyst id.',
    unknownPerson: 'Someone in this order is no longer on the team. Reload the page and try again.',
    shown: 'Our People',
    inOurPeople: 'Shown',
    notInOurPeople: 'Hidden',
    actions: 'Actions',
    hide: (name: string) => `Hide ${name}`,
    show: (name: string) => `Show ${name}`,
    hideTitle: 'Hide from Our People',
    hideConfirm: (name: string) =>
      `${name} will no longer be listed in Our People on the landing page and on /people. Continue?`,
    hideYes: 'Hide',
    showYes: 'Show',
    cancel: 'Cancel',
    hidden: (name: string) => `${name} is hidden from Our People.`,
    restored: (name: string) => `${name} is shown in Our People again.`,
    toggleFailed: 'The change could not be saved. Please try again.',
    unknownMember: 'There is no such person on the team.',
  },
  // Biographies (spec 2): an analyst's or a company's description, edited by an admin on its page
  biography: {
    // ours
    edit: 'Edit biography',
    title: (name: string) => `Biography of ${name}`,
    editorLabel: 'Biography',
    save: 'Save biography',
    cancel: 'Cancel',
    saved: 'The biography has been saved.',
    failed: 'The biography could not be saved. It is still here: please try again.',
    missing: 'There is no such analyst or company any more.',
    tooLong: 'The biography is too long to save.',
  },
  // Our Firm Management (spec 2): the editor of the About Us content
  ourFirm: {
    saved: 'Your changes has been saved successfully!',
    // ours
    title: 'Our Firm',
    lead: 'The text of the About Us page. Readers see your changes on their next visit.',
    editorLabel: 'About Us text',
    save: 'Save',
    saving: 'Saving…',
    viewPage: 'View About Us',
    empty: 'Please write the text of the page before saving.',
    tooLong: 'The text is too long to save.',
    failed: 'Your changes could not be saved. They are still here: please try again.',
    unsaved: 'You have unsaved changes. Leave this page and lose them?',
    loadFailed: 'The text of the page could not be loaded.',
    leave: 'Leave',
    stay: 'Stay',
  },
  pageMissingTitle: 'Page not found',
  pageMissing: 'The page you are looking for does not exist or is no longer available.',
  pageLoadFailed: 'This page could not be loaded. Please try again.',
  contentEmpty: 'There is nothing to show on this page yet.',
  aoiInvestorHint: 'Research, events and analyst access for your portfolio.',
  aoiAnalystHint: 'Work with us, or share your coverage with our readers.',
  // the sign-in modal over a page mock-up (spec 1 section 2.5: /signup with route state)
  gateTitle: 'Sign in to continue',
  gateText: 'This page is for registered readers. Sign in, or create an account to request access.',
  gateCreate: 'Create an account',
  gateNew: 'New to {firm}?',
} as const;

export const messagesVerification = {
  emailVerified: 'Thank you! Your email has been verified. Please login to our research portal.',
  tokenInvalid: 'The token you provided is not valid',
  internalError: 'Internal Error. Please try again later',
  resetExpired: 'Your reset password link is expired. Please try again',
  // ours
  registrationComplete: 'Your registration is complete',
  emailSentTitle: 'Check your inbox',
  emailSent:
    'We have sent a verification link to your email address. Please follow the link to complete your registration.',
  resent: 'If an account with this email is waiting for verification, a new link is on its way.',
  passwordReset: 'Your password has been reset. Please login with your new password.',
} as const;

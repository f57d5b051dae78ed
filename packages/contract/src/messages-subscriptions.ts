/**
 * Texts of the subscription side (issue 12; spec 3 sections 2, 4, 5 and 8): the preference and unsubscribe
 * screens, the server's refusals of the person and matrix calls, and the notification mails. A module of its own
 * beside messages.ts keeps them out of the login route's initial JS (only lazy screens and the server import it).
 */
export const subscriptionMessages = {
  preferences: {
    // Title and subheading come from sRWClientSubTitle and sRWClientSubHeading; these stand in while they load.
    titleFallback: 'Subscription preferences',
    noDescription: 'No description',
    back: 'Back',
    save: 'Save',
    ok: 'OK',
    no: 'No',
    yes: 'Yes',
    contactedShortly: 'You will be contacted shortly by email.',
    // ours: legend of the chips' three looks, and the screen's states
    legendSubscribed: 'Subscribed',
    // the legend when subscribed chips come in several colours (issue 21: a green tick alone did not match them)
    legendSubscribedColours: 'Subscribed: a tick, in each product’s own colour',
    legendSelected: 'Requested or selected',
    legendAvailable: 'Available',
    loading: 'Loading your subscriptions',
    loadFailed: 'Your subscriptions could not be loaded. Please try again.',
    saveFailed: 'Your changes could not be saved. Nothing was changed; please try again.',
    signInFirst: 'Please sign in to choose the research you receive.',
    signIn: 'Sign in',
    retry: 'Try again',
    payDialogTitle: 'Subscription',
    alreadySubscribedTitle: 'Already subscribed',
    doneTitle: 'Thank you',
    unsubscribeLink: 'Unsubscribe',
  },
  unsubscribe: {
    title: 'Unsubscribe',
    reasonsLegend: 'Please tell us why you are unsubscribing',
    other: 'Other',
    reason: 'Reason',
    cancel: 'Cancel',
    unsubscribe: 'Unsubscribe',
    success: 'Unsubscribed Successfully',
    ok: 'OK',
    enterEmailTitle: 'Enter Email',
    enterEmailText:
      'Enter the e-mail address at which you receive our research. We will send it a link to complete the unsubscribe.',
    email: 'Email',
    emailInvalid: 'Email is invalid',
    linkSent:
      'If this address is in our records, we have sent it a link to complete the unsubscribe. The link is valid for one hour and can be used once.',
    // ours: what is being left, by product id (0 = our e-mails)
    fromProduct: 'You are unsubscribing from',
    // ours (issue 21): what the page says once it is done, in place of the form (behind the success dialog)
    doneFrom: 'You have unsubscribed from',
    preferencesLink: 'Review your subscription preferences',
    fromMailList: 'our research e-mails',
    loadFailed: 'This page could not be loaded. Please try again.',
    failed: 'The unsubscribe could not be completed. Nothing was changed; please try again.',
    notSubscribed: 'You do not receive this product, so there is nothing to unsubscribe from.',
    // ours: the unsubscribe went through but a mail after it failed; Try again sends only the mails
    mailFailed: 'You are unsubscribed, but our confirmation e-mails could not be sent. Please try again.',
    retry: 'Try again',
    signIn: 'Sign in instead',
    oneClickDone: 'You will no longer receive our research e-mails.',
  },
  errors: {
    notYourPerson: 'You may only see or change your own subscriptions.',
    personRequired: 'Please sign in, or open the link in our e-mail, to manage your subscriptions.',
    personNotFound: 'No such person.',
    subscriberNotAllowed:
      'Only our client services team can grant a subscription. Your request was not saved.',
    notYourEntry: 'You can only remove your own requests or subscriptions.',
    unknownItem: 'One of the products is not in our list.',
    unknownStatus: 'One of the statuses is not in our list.',
    entityMismatch: 'The entity does not match this person.',
    xmlInvalid: 'The matrix XML could not be read.',
    xmlTooLarge: 'The matrix XML is too large.',
    nothingToChange: 'Nothing to change.',
    unknownPickList: 'No such pick list.',
    unknownField: 'No such field.',
    unknownReason: 'No such reason.',
    lookupOwnOnly: 'You may only look up your own e-mail address.',
    linkInvalid: 'This link is no longer valid. Please ask for a new one from the page it came from.',
    mailLimit: 'Too many e-mails were requested. Please try again in an hour.',
    // ours: a template or subject parameter of the case is missing (our configuration, not the caller's fault)
    mailNotConfigured:
      'This e-mail cannot be sent right now because it is not set up on our side. Your changes are saved; our team has been told.',
    badValue: 'This value is not valid.',
  },
  mail: {
    // ours: the mail's list footer
    unsubscribeFooter:
      'You receive this e-mail because you are a reader of our research. To stop these e-mails:',
    unsubscribeLabel: 'Unsubscribe',
    linkSubject: 'Complete your unsubscribe',
    // ours: the Enter Email dialog's link mail
    linkIntro: 'We received a request to unsubscribe this e-mail address from our research.',
    linkValidity:
      'The link is valid for one hour and can be used once. If you did not ask for it, ignore this e-mail.',
    linkAction: 'Complete the unsubscribe',
    oneClickReason: 'One-click unsubscribe',
  },
} as const;

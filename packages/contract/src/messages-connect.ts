import { copyLinkTexts } from './copy-links.ts';
/**
 * Texts of CONNECT (issue 15; spec 3 sections 2, 8 and 9): event registration, the approval screen, meeting
 * links, appointment booking and open slots, their mails and the server's refusals. A module of its own beside
 * messages.ts keeps them out of the login route's initial JS (only lazy screens and the server import it).
 * Spec texts are marked "spec"; the rest are ours.
 */
export const messagesConnect = {
  registration: {
    title: 'CONNECT Events',
    intro:
      'Choose the events you would like to attend and register. Our team confirms each registration by e-mail.',
    // spec
    empty: 'No Upcoming Events',
    register: 'Register',
    registered: 'Registered',
    pending: 'Awaiting approval',
    approved: 'Approved',
    confirmTitle: 'Register for events',
    confirm: (count: number) =>
      `Register for ${count === 1 ? 'the selected event' : `the ${count} selected events`}?`,
    done: 'Thank you for registering. You will receive an e-mail once your place is confirmed.',
    loading: 'Loading events',
    loadFailed: 'The events could not be loaded. Please try again.',
    registerFailed: 'Your registration could not be sent. Please try again.',
    retry: 'Try again',
    // spec: iEvtType_PikId 2118400009
    dateToBeConfirmed: 'Date to be confirmed',
    universalTime: 'Universal time',
    localTime: 'Local time',
    yourTime: 'Your time',
    speakers: 'Speakers',
    eventNotFound: 'This event does not exist or has ended.',
    backToEvents: 'All events',
    replaceBanner: 'Replace banner',
    // spec
    bannerReplaced: 'Banner Replaced',
    bannerWrongType: 'Please upload a PNG image.',
  },
  approval: {
    title: 'CONNECT Approval',
    campaigns: 'Campaigns',
    // spec
    pendingTab: 'Pending Approval',
    approvedTab: 'Approved',
    approve: 'Approve',
    remind: 'Send reminder',
    // spec
    confirmApprove: 'Are you sure to approve the following participants?',
    confirmRemind: 'Are you sure to send a reminder to the following participants?',
    confirm: 'Confirm',
    cancel: 'Cancel',
    approvedDone: (count: number) => `${count} participant${count === 1 ? '' : 's'} approved.`,
    remindedDone: (count: number) => `Reminder sent to ${count} participant${count === 1 ? '' : 's'}.`,
    meetingLink: 'Copy meeting link',
    // spec
    copied: copyLinkTexts.copied,
    internalError: copyLinkTexts.failed,
    chooseEvent: 'Choose an event on the left to see its registrants.',
    noPending: 'No registrants are waiting for approval.',
    noApproved: 'No registrant has been approved yet.',
    noCampaigns: 'No event has registrants yet.',
    loadFailed: 'The registrants could not be loaded. Please try again.',
    selectAll: 'Select all',
    adminOnly: 'This page is for administrators.',
    loading: 'Loading registrants',
    loadingEvents: 'Loading events',
    eventsLoadFailed: 'The events could not be loaded. Please try again.',
    retry: 'Try again',
    // spec: iEvtType_PikId 2118400009
    dateToBeConfirmed: 'Date to be confirmed',
    counts: (pending: number, approved: number) => `${pending} pending, ${approved} approved`,
    pendingList: 'Registrants waiting for approval',
    approvedList: 'Approved registrants',
    selectRow: (name: string) => `Select ${name}`,
    copyLinkOf: (name: string) => `Copy meeting link of ${name}`,
    copyManually:
      'Your browser did not allow copying. The link is selected below: press Ctrl+C (Cmd+C on a Mac).',
    linkField: 'Meeting link',
    yes: 'Yes',
    no: 'No',
    columns: {
      name: 'Name',
      email: 'E-mail',
      company: 'Company',
      registered: 'Registered',
      approvedBy: 'Approved by',
      approved: 'Approved',
      linkSent: 'Link sent',
    },
  },
  meeting: {
    title: 'Your meeting link',
    join: 'Join the meeting',
    opensAt: (when: string) => `The meeting room opens at ${when}.`,
    closed: 'This meeting has ended.',
    invalid: 'This meeting link is not valid. Please use the latest link we e-mailed you.',
  },
  /**
   * Event mails (ours): the approval with the registrant's unique meeting link, and the reminder (sent by an admin
   * or automatically before the start). `when` names the time and its zone.
   */
  mailEvents: {
    approvedSubject: (event: string) => `Your place is confirmed: ${event}`,
    reminderSubject: (event: string, when: string) => `Reminder: ${event}, ${when}`,
    approved: (event: string, campaign: string) =>
      `Your registration for "${event}" (${campaign}) is approved. We look forward to seeing you.`,
    reminder: (event: string, campaign: string) =>
      `This is a reminder of "${event}" (${campaign}), which you registered for.`,
    when: (when: string) => `When: ${when}.`,
    dateToBeConfirmed:
      'The date of this event is still to be confirmed: we will write to you with the date and a calendar invitation.',
    city: (city: string) => `Where: ${city}.`,
    speakers: (names: string) => `Speakers: ${names}.`,
    invitationAttached: 'The calendar invitation is attached.',
    linkPersonal:
      'Your meeting link is personal: please do not share it. The meeting room opens 15 minutes before the start.',
    join: 'Open my meeting link',
    inviteDescription: (firm: string, link: string) =>
      `Event of the ${firm} research portal. Your personal meeting link: ${link}`,
  },
  /** The event banner upload (ours, beside the spec's 'Please upload a PNG image.'). */
  bannerUpload: {
    missing: 'Please choose a PNG image to upload.',
    oneFile: 'Please upload one image at a time.',
    malformed: 'The upload could not be read. Please choose the image again.',
    unreadable: 'The file is not a readable PNG image.',
    tooManyPixels: 'The image has too many pixels (at most 40 megapixels).',
  },
  appointment: {
    // spec: the dropdown's title and the heading without a choice
    analysts: 'Analysts',
    selectAnalyst: 'Please select an analyst',
    date: 'Go to date',
    // spec (given as '<p>There are currently no events on this date</p>'; the words are shown, never the tags)
    noEventsOnDate: 'There are currently no events on this date',
    book: 'Book',
    cancel: 'Cancel',
    booked: 'Booked',
    // spec
    confirmBook: 'Are you sure you want to book this event?',
    confirmCancel: 'Are you sure you want to cancel this event?',
    confirmTitle: 'Please confirm',
    yes: 'Yes',
    no: 'No',
    bookedDone: 'Your appointment is booked. A calendar invitation is on its way to your inbox.',
    cancelledDone: 'Your appointment is cancelled. We have let the analyst know.',
    previous: 'Previous appointments',
    next: 'Next appointments',
    pageOf: (page: number, pages: number) => `Page ${page} of ${pages}`,
    yourTime: 'Your time',
    analystTime: "Analyst's time",
    loadFailed: 'The appointments could not be loaded. Please try again.',
    openSlots: 'All open slots of this analyst',
    slotsTitle: (name: string) => `Open slots with ${name}`,
    noSlots: 'There are no open slots right now.',
  },
  /** The reader's screens (issue 15): loading and failure states of the open slots and the meeting link. */
  reader: {
    loadingAppointments: 'Loading appointments',
    loadingSlots: 'Loading open slots',
    slotsLoadFailed: 'The open slots could not be loaded. Please try again.',
    openSlotsTitle: 'Open slots',
    calendarNotFound: 'This calendar does not exist.',
    loadingMeeting: 'Loading your meeting',
    meetingLoadFailed: 'The meeting could not be loaded. Please try again.',
    registrant: 'Registrant',
  },
  /** The signed-in home's CONNECT card (issue 21): the reader's events and booked meetings, or the next events. */
  home: {
    title: 'CONNECT',
    yourEvents: 'Your events',
    nextEvents: 'Upcoming events',
    noEvents: 'No upcoming events at the moment.',
    allEvents: 'All events',
    meetings: 'Your analyst meetings',
    noMeeting: 'No meeting booked. Our analysts take calls on their open slots.',
    book: 'Book an analyst',
    meetingWith: (analyst: string) => `Meeting with ${analyst}`,
    loading: 'Loading CONNECT',
    loadFailed: 'Your events and meetings could not be loaded. Please try again.',
  },
  /** spec 3 section 2: the not-subscribed refusal names the provider and the sales contact. */
  notSubscribed: (firm: string, email: string) =>
    `You are not currently subscribed to this analyst's product. To subscribe, please e-mail ${firm} or your sales contact at ${email}.`,
  server: {
    registered: 'Registration received.',
    eventPast: 'Registration for this event has closed.',
    eventNotFound: 'This event does not exist.',
    campaignMismatch: 'This event does not belong to that campaign.',
    approved: 'Participants approved.',
    reminded: 'Reminders sent.',
    participantNotFound: 'This participant is not registered for the event.',
    notApproved: 'Approve the participant first.',
    slotNotFound: 'This slot does not exist.',
    slotTaken: 'Sorry, this slot has just been booked by someone else. Please choose another one.',
    slotPast: 'This slot has already started.',
    alreadyBooked: 'You have already booked this slot.',
    notBooked: 'You do not hold a booking for this slot.',
    bookedOk: 'Booked',
    cancelledOk: 'Cancelled',
    notYourPerson: 'You may only book or view slots for yourself.',
    bannerTooLarge: 'The image is too large. Please upload a PNG of up to 5 MB.',
  },
  /** Appointment mails (ours): booked, cancelled and the automatic reminders; `when` names the time and zone. */
  mailBookings: {
    bookedSubject: (analyst: string, when: string) => `Appointment booked: ${analyst}, ${when}`,
    cancelledSubject: (analyst: string, when: string) => `Appointment cancelled: ${analyst}, ${when}`,
    reminderSubject: (analyst: string, when: string) => `Reminder: your appointment with ${analyst}, ${when}`,
    bookedReader: (analyst: string, when: string) =>
      `Your one-to-one appointment with ${analyst} is booked for ${when}. The calendar invitation is attached.`,
    bookedAnalyst: (reader: string, company: string, when: string) =>
      `${reader}${company ? ` (${company})` : ''} has booked a one-to-one appointment with you for ${when}. The calendar invitation is attached.`,
    cancelledReader: (analyst: string, when: string) =>
      `Your appointment with ${analyst} on ${when} is cancelled. The attached update removes it from your calendar.`,
    cancelledAnalyst: (reader: string, company: string, when: string) =>
      `${reader}${company ? ` (${company})` : ''} has cancelled the appointment with you on ${when}. The attached update removes it from your calendar.`,
    reminderReader: (analyst: string, when: string) =>
      `This is a reminder of your one-to-one appointment with ${analyst} on ${when}.`,
    reminderAnalyst: (reader: string, company: string, when: string) =>
      `This is a reminder of your appointment with ${reader}${company ? ` (${company})` : ''} on ${when}.`,
    manage: 'See or cancel your appointments',
    inviteSummary: (analyst: string, reader: string) => `Appointment: ${analyst} and ${reader}`,
    inviteDescription: (firm: string) =>
      `One-to-one appointment arranged through the ${firm} research portal.`,
  },
  /** The booking call's own refusal (ours): bookings switched off by bEnableConnectBookings (cancelling still works). */
  bookingRules: {
    disabled: 'Booking appointments is not available at the moment. Please contact us to arrange a call.',
  },
  validation: {
    eventIdInvalid: 'The event id must be a positive whole number.',
    campaignIdInvalid: 'The campaign id must be a positive whole number.',
    participantIdInvalid: 'A participant id must be a positive whole number.',
    personIdInvalid: 'The person id must be a whole number.',
    slotIdInvalid: 'The slot id must be a positive whole number.',
    analystIdInvalid: 'The analyst id must be a positive whole number.',
    flagInvalid: 'The language flag must be 0 or 1.',
    noEventChosen: 'Please choose at least one event.',
    tooManyEvents: 'Please choose at most 50 events at a time.',
    noParticipantChosen: 'Please choose at least one participant.',
    tooManyParticipants: 'Please choose at most 500 participants at a time.',
    meetingLinkInvalid: 'This meeting link is not valid.',
    uploadTypeInvalid: 'Unknown upload type.',
  },
} as const;

import type { ScreenId } from '@portal/contract';
import type { ComponentType } from 'react';

export type ScreenModule = { default: ComponentType };
export type ScreenLoader = () => Promise<ScreenModule>;

// Screens whose capability has not landed share one page; the route still exists so the guard applies.
const notAvailable: ScreenLoader = () => import('./routes/not-available.tsx');

/** Every screen id of the contract's web route table, mapped to the route module that renders it (a test checks that none is missing). */
export const screens: Record<ScreenId, ScreenLoader> = {
  login: () => import('./routes/login.tsx'),
  signup: () => import('./routes/signup.tsx'),
  verify: () => import('./routes/verify.tsx'),
  resendVerify: () => import('./routes/resend-verify.tsx'),
  resetPassword: () => import('./routes/reset-password.tsx'),
  unlock: () => import('./routes/unlock.tsx'),
  settings: () => import('./routes/settings.tsx'),
  message: () => import('./routes/message.tsx'),
  landing: () => import('./routes/landing.tsx'),
  verifyCookieEmail: () => import('./routes/verify-cookie-email.tsx'),
  subscriptionPreference: () => import('./routes/subscription-preference.tsx'),
  unsubscribe: () => import('./routes/unsubscribe.tsx'),
  access: () => import('./routes/access.tsx'),
  styleGuide: () => import('./routes/style-guide.tsx'),
  about: () => import('./routes/about.tsx'),
  people: () => import('./routes/people.tsx'),
  careers: () => import('./routes/careers.tsx'),
  contact: () => import('./routes/contact.tsx'),
  regulatory: () => import('./routes/regulatory.tsx'),
  privacy: () => import('./routes/privacy.tsx'),
  terms: () => import('./routes/terms.tsx'),
  videoReplay: notAvailable,
  customPage: () => import('./routes/custom-page.tsx'),
  reportViewer: () => import('./routes/report-viewer.tsx'),
  analyst: () => import('./routes/analyst.tsx'),
  post: () => import('./routes/post.tsx'),
  adminCreatePost: () =>
    import('./routes/admin-blogs.tsx').then((module) => ({ default: module.AdminCreatePostRoute })),
  adminBlogs: () => import('./routes/admin-blogs.tsx'),
  blogs: () => import('./routes/blogs.tsx'),
  blog: () => import('./routes/blog.tsx'),
  areaOfInterest: () => import('./routes/area-of-interest.tsx'),
  home: () => import('./routes/home.tsx'),
  savedResearch: () => import('./routes/saved-research.tsx'),
  search: () => import('./routes/search.tsx'),
  videos: notAvailable,
  connectRegistration: () => import('./routes/connect-registration.tsx'),
  connectEvent: () => import('./routes/connect-event.tsx'),
  connectAppointment: () => import('./routes/connect-appointment.tsx'),
  connectSlots: () => import('./routes/connect-slots.tsx'),
  connectJoin: () => import('./routes/connect-join.tsx'),
  sector: () => import('./routes/sector.tsx'),
  region: () => import('./routes/region.tsx'),
  company: () => import('./routes/company.tsx'),
  companies: () => import('./routes/companies.tsx'),
  adminReports: () => import('./routes/admin-reports.tsx'),
  adminReportPublish: () => import('./routes/admin-report-publish.tsx'),
  adminReportEdit: () => import('./routes/admin-report-edit.tsx'),
  adminReportIdentify: () => import('./routes/admin-report-identify.tsx'),
  adminUsers: () => import('./routes/admin-users.tsx'),
  adminFirm: () => import('./routes/admin-firm.tsx'),
  adminSite: () => import('./routes/admin-site.tsx'),
  adminOurFirm: () => import('./routes/admin-our-firm.tsx'),
  adminTeam: () => import('./routes/admin-team.tsx'),
  adminConnectApproval: () => import('./routes/admin-connect-approval.tsx'),
  adminWatermark: () => import('./routes/admin-watermark.tsx'),
  adminParameters: () => import('./routes/admin-parameters.tsx'),
};

export const notFoundScreen: ScreenLoader = () => import('./routes/not-found.tsx');

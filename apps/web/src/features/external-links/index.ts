/** E-mailed report links: the pieces the rfs view (report viewer) renders, and the device-token calls. */
export {
  DeviceVerificationForm,
  type DeviceVerificationFormProps,
} from './components/device-verification-form.tsx';
export { RfsNotices } from './components/rfs-notices.tsx';
export { RfsSignIn, type RfsSignInProps } from './components/rfs-sign-in.tsx';

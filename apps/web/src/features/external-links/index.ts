/**
 * E-mailed report links: the pieces the rfs view renders (the app layer's report-viewer route hands them to the
 * report viewer, with the auth feature's password sign-in), and the device-token calls.
 */
export {
  DeviceVerificationForm,
  type DeviceVerificationFormProps,
} from './components/device-verification-form.tsx';
export { RfsNotices } from './components/rfs-notices.tsx';

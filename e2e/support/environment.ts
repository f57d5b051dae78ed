/** Environment variables through which globalSetup tells the worker processes where its servers listen. */
export const envKeys = {
  baseURL: 'PORTAL_E2E_BASE_URL',
  mailDir: 'PORTAL_E2E_MAIL_DIR',
} as const;

export const harnessEnv = () => {
  const baseURL = process.env[envKeys.baseURL];
  const mailDir = process.env[envKeys.mailDir];
  if (!baseURL || !mailDir) {
    throw new Error(
      `${envKeys.baseURL} / ${envKeys.mailDir} are not set: run the suite with \`npm test -w @portal/e2e\`, ` +
        'whose globalSetup starts the portal and the SMTP server.',
    );
  }
  return { baseURL, mailDir };
};

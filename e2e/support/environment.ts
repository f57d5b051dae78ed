/** Environment variables through which globalSetup tells the worker processes where its servers listen. */
export const envKeys = {
  baseURL: 'PORTAL_E2E_BASE_URL',
  mailDir: 'PORTAL_E2E_MAIL_DIR',
  /** JSON of the data the harness made for the journeys (apps/server/scripts/e2e-journey-data.ts). */
  journeyData: 'PORTAL_E2E_JOURNEY_DATA',
} as const;

/** What the harness made before the portal started: a report the demo client may not open. */
export interface JourneyData {
  lockedReport: { id: number; title: string; sector: string };
}

export const journeyData = (): JourneyData => {
  const raw = process.env[envKeys.journeyData];
  if (!raw)
    throw new Error(`${envKeys.journeyData} is not set: the harness's globalSetup makes the journeys' data.`);
  return JSON.parse(raw) as JourneyData;
};

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

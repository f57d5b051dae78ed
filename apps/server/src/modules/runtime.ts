/** What every service receives besides the database: time (injectable for tests) and a log. */
export type Clock = () => Date;

type LogFn = (details: Record<string, unknown>, message: string) => void;
export interface Log {
  info: LogFn;
  warn: LogFn;
  error: LogFn;
}

export const systemClock: Clock = () => new Date();

export const addSeconds = (date: Date, seconds: number) => new Date(date.getTime() + seconds * 1000);

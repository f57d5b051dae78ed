// The part of autocannon's API that users-me.mjs and reports.mjs use (the package ships no types).
declare module 'autocannon' {
  interface Histogram {
    average: number;
    total: number;
    p50: number;
    p99: number;
  }
  interface Result {
    requests: Histogram;
    latency: Histogram;
    non2xx: number;
    errors: number;
    timeouts: number;
  }
  interface Options {
    url: string;
    connections?: number;
    duration?: number;
    /** stop after this many requests (instead of duration) */
    amount?: number;
    headers?: Record<string, string>;
    /** Requests each connection sends in turn, round-robin (paths relative to url). */
    requests?: {
      method?: string;
      path?: string;
      headers?: Record<string, string>;
      /** rewrites each request before it is sent (posts.mjs: one visit per leave) */
      setupRequest?: (request: { path?: string }) => { path?: string };
      /** sees each reply (posts.mjs: collects the visits) */
      onResponse?: (status: number, body: string) => void;
    }[];
  }
  export default function autocannon(options: Options): Promise<Result>;
}

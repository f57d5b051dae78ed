import cluster from 'node:cluster';
import { runClusterPrimary } from './cluster-primary.ts';
import { loadConfig } from './config.ts';
import { serveProcess } from './serve-process.ts';

// The server's entry. WEB_CONCURRENCY=N (N > 1, with DATABASE_URL) runs N processes sharing the port (node:cluster):
// the primary checks the port, migrates and seeds, then starts the workers and keeps them running; each worker is a
// whole server (serve-process.ts). Otherwise this one process is the server.
const config = loadConfig();
if (config.webConcurrency > 1 && cluster.isPrimary) await runClusterPrimary(config);
else await serveProcess(config, { worker: cluster.isWorker });

import { randomUUID } from 'node:crypto';

/**
 * This process's name in everything it owns across processes (the running scan's row, transcode lock
 * files). Random per start: host names and PIDs repeat between containers (every container's server may
 * be PID 1 on a host called the same), so they cannot tell one process from another.
 */
export const INSTANCE_ID = randomUUID();

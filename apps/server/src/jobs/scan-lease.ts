import type { ScanRow } from '../db/schema.js';

/** Rows written before leases carry only a heartbeat: their lease is taken to end this long after it. */
const LEGACY_LEASE_MS = 30_000;
/** The renewal also writes the progress every reader (any process) sees: at least this often. */
const MAX_RENEWAL_MS = 2_000;

/**
 * How often the owner of the running scan renews its lease: five times per lease, so a few slow or
 * failed renewals in a row do not lose it, and at most every 2 s for the progress.
 */
export function renewalIntervalMs(leaseMs: number): number {
  return Math.min(MAX_RENEWAL_MS, Math.floor(leaseMs / 5));
}

/** When the running scan's lease ends (milliseconds since the epoch). */
export function leaseExpiry(row: Pick<ScanRow, 'lease_expires_at' | 'heartbeat_at'>): number {
  return row.lease_expires_at !== null
    ? Date.parse(row.lease_expires_at)
    : Date.parse(row.heartbeat_at) + LEGACY_LEASE_MS;
}

/** A running scan whose lease ended: its owner stopped renewing it, so it is gone (or cut off). */
export function leaseExpired(row: Pick<ScanRow, 'lease_expires_at' | 'heartbeat_at'>, now: Date): boolean {
  return leaseExpiry(row) < now.getTime();
}

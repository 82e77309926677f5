import { describe, expect, it } from 'vitest';
import { scanStatusKey } from '../../src/features/admin/scan-status';

describe('scanStatusKey', () => {
  it.each([
    [{ running: false, status: null }, 'idle'],
    [{ running: true, status: 'running' }, 'running'],
    [{ running: false, status: 'finished' }, 'finished'],
    [{ running: false, status: 'cancelled' }, 'cancelled'],
    // A scan whose server was killed: not "no scan has run yet".
    [{ running: false, status: 'abandoned' }, 'abandoned'],
    [{ running: false, status: 'interrupted' }, 'abandoned'],
    [{ running: false, status: 'a-status-of-a-later-server' }, 'failed'],
  ] as const)('%j reads as %s', (state, key) => {
    expect(scanStatusKey(state)).toBe(key);
  });
});

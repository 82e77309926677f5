import type { NotificationData } from '@mantine/notifications';
import { create } from 'zustand';
import { ApiError } from '../api/client';

/** Spec section 9: success notices last 500 ms. */
export const SUCCESS_NOTICE_MS = 500;

/**
 * The notification container mounts on first use: `@mantine/notifications` is its own chunk, kept out
 * of the first page load (the works page has a 200 KB budget).
 */
export const useNotificationsMounted = create<{ mounted: boolean }>(() => ({ mounted: false }));

type Notice = NotificationData;

async function show(notice: Notice): Promise<void> {
  useNotificationsMounted.setState({ mounted: true });
  const { notifications } = await import('@mantine/notifications');
  notifications.show(notice);
}

export function notifySuccess(message: string, autoClose = SUCCESS_NOTICE_MS): void {
  void show({ message, color: 'teal', autoClose });
}

export function notifyInfo(message: string, autoClose: number | false = 5_000, title?: string): void {
  void show({ message, title, color: 'blue', autoClose });
}

export function notifyWarning(message: string, autoClose: number | false = 5_000): void {
  void show({ message, color: 'yellow', autoClose });
}

/**
 * A failed request as the spec's red notification: the server's error text, else 'status statusText'
 * (spec section 8). Some 401s are ignored on purpose; failures the shell already shows are not repeated:
 * no response at all (the network screen) and the 429 (the rate-limit notice with its countdown).
 */
export function notifyError(error: unknown, options: { ignoreUnauthorized?: boolean } = {}): void {
  if (error instanceof ApiError && (error.isNetworkError || error.isRateLimited)) return;
  if (options.ignoreUnauthorized && error instanceof ApiError && error.status === 401) return;
  const message = error instanceof Error ? error.message : String(error);
  void show({ message, color: 'red', autoClose: 5_000 });
}

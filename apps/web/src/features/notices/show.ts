import type { NotificationData } from '@mantine/notifications';
import { useNotificationsMounted } from '../../lib/notify';

/** A notification with custom content (actions): the container and its chunk load on first use. */
export async function showNotice(notice: NotificationData): Promise<void> {
  useNotificationsMounted.setState({ mounted: true });
  const { notifications } = await import('@mantine/notifications');
  notifications.show(notice);
}

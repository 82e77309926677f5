import { lazy, Suspense } from 'react';
import { useNotificationsMounted } from '../../lib/notify';

const Notifications = lazy(async () => {
  const module = await import('@mantine/notifications');
  await import('@mantine/notifications/styles.css');
  return { default: () => <module.Notifications position="top-center" limit={4} /> };
});

/** The notification container, loaded the first time something is notified. */
export function LazyNotifications() {
  const mounted = useNotificationsMounted((state) => state.mounted);
  if (!mounted) return null;
  return (
    <Suspense fallback={null}>
      <Notifications />
    </Suspense>
  );
}

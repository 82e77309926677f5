import { ActionIcon, Affix, Transition } from '@mantine/core';
import { IconArrowUp } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

/** The back-to-top button itself: loaded the first time the page is scrolled down (ScrollToTop.tsx). */
export default function ScrollToTopButton({ shown, onTop }: { shown: boolean; onTop(): void }) {
  const { t } = useTranslation();
  // Mounted hidden first, so its first appearance slides up like the later ones.
  const [ready, setReady] = useState(false);
  useEffect(() => setReady(true), []);
  return (
    // Above the player bar and the docked lyrics bar (--lyrics-bar-space), never over them.
    <Affix
      position={{
        bottom: 'calc(var(--player-bar-height, 0px) + var(--lyrics-bar-space, 0px) + 20px)',
        right: 20,
      }}
    >
      <Transition transition="slide-up" mounted={ready && shown}>
        {(styles) => (
          <ActionIcon
            style={styles}
            size="xl"
            radius="xl"
            variant="filled"
            aria-label={t('common.nav.scrollTop')}
            onClick={onTop}
          >
            <IconArrowUp size={22} />
          </ActionIcon>
        )}
      </Transition>
    </Affix>
  );
}

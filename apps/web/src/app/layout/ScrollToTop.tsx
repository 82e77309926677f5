import { ActionIcon, Affix, Transition } from '@mantine/core';
import { useWindowScroll } from '@mantine/hooks';
import { IconArrowUp } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

export function ScrollToTop() {
  const { t } = useTranslation();
  const [scroll, scrollTo] = useWindowScroll();
  return (
    <Affix position={{ bottom: 'calc(var(--player-bar-height, 0px) + 20px)', right: 20 }}>
      <Transition transition="slide-up" mounted={scroll.y > 400}>
        {(styles) => (
          <ActionIcon
            style={styles}
            size="xl"
            radius="xl"
            variant="filled"
            aria-label={t('common.nav.scrollTop')}
            onClick={() => scrollTo({ y: 0 })}
          >
            <IconArrowUp size={22} />
          </ActionIcon>
        )}
      </Transition>
    </Affix>
  );
}

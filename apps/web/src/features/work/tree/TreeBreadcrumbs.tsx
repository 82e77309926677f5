import { Anchor, Breadcrumbs, Text } from '@mantine/core';
import { IconFolderOpen } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { FolderPath } from './tree';

/** The folder path: the root, then one crumb per folder; each opens that level. */
export function TreeBreadcrumbs({ path, onOpen }: { path: FolderPath; onOpen(path: FolderPath): void }) {
  const { t } = useTranslation();
  const crumbs = [t('work.tree.root'), ...path];
  return (
    <nav aria-label={t('work.tree.breadcrumbs')}>
      <Breadcrumbs separatorMargin={4} style={{ flexWrap: 'wrap', rowGap: 4 }}>
        {crumbs.map((name, index) => {
          const last = index === crumbs.length - 1;
          const key = `${index}:${name}`;
          return last ? (
            <Text key={key} fz="sm" fw={600} aria-current="location" style={{ overflowWrap: 'anywhere' }}>
              {index === 0 && <IconFolderOpen size={14} style={{ verticalAlign: -2, marginRight: 4 }} />}
              {name}
            </Text>
          ) : (
            <Anchor
              key={key}
              component="button"
              type="button"
              fz="sm"
              onClick={() => onOpen(path.slice(0, index))}
              style={{ overflowWrap: 'anywhere' }}
            >
              {index === 0 && <IconFolderOpen size={14} style={{ verticalAlign: -2, marginRight: 4 }} />}
              {name}
            </Anchor>
          );
        })}
      </Breadcrumbs>
    </nav>
  );
}

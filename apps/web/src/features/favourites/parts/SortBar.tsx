import { ActionIcon, Group, Select, Tooltip } from '@mantine/core';
import { REVIEW_ORDERS, type ReviewOrder, type SortDirection } from '@sasayaki/api-contract';
import { IconSortAscending, IconSortDescending } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

interface SortBarProps {
  order: ReviewOrder;
  sort: SortDirection;
  onChange(order: ReviewOrder, sort: SortDirection): void;
}

/** The favourites' order (marked time, my rating, release, reviews, sales, age) and an asc/desc toggle. */
export function SortBar({ order, sort, onChange }: SortBarProps) {
  const { t } = useTranslation();
  const reverse = t('favourites.sort.toggle');
  return (
    <Group gap="xs" wrap="nowrap">
      <Select
        aria-label={t('favourites.sort.label')}
        data={REVIEW_ORDERS.map((value) => ({ value, label: t(`favourites.sort.${value}`) }))}
        value={order}
        onChange={(value) => value && onChange(value as ReviewOrder, sort)}
        allowDeselect={false}
        w={170}
        size="sm"
      />
      <Tooltip label={`${reverse}: ${t(`favourites.sort.${sort}`)}`}>
        <ActionIcon
          variant="default"
          size={36}
          onClick={() => onChange(order, sort === 'desc' ? 'asc' : 'desc')}
          aria-label={`${reverse} (${t(`favourites.sort.${sort}`)})`}
        >
          {sort === 'desc' ? <IconSortDescending size={18} /> : <IconSortAscending size={18} />}
        </ActionIcon>
      </Tooltip>
    </Group>
  );
}

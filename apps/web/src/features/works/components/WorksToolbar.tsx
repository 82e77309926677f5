import { ActionIcon, Checkbox, NativeSelect } from '@mantine/core';
import { SORT_OPTIONS } from '@sasayaki/api-contract';
import { IconLayoutCards, IconLayoutGrid, IconLayoutList, IconSortDescending } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { LazyTooltip } from '../../../components/lazy-tooltip/LazyTooltip';
import { DISPLAY_MODES, type DisplayMode, PAGE_SIZES, type SortOption } from '../list-state';
import classes from './works.module.css';

const MODE_ICONS = { thumbnail: IconLayoutGrid, detail: IconLayoutCards, list: IconLayoutList } as const;

interface WorksToolbarProps {
  sort: SortOption;
  onSort(option: SortOption): void;
  subtitle: boolean;
  onSubtitle(value: boolean): void;
  translated: boolean;
  onTranslated(value: boolean): void;
  displayMode: DisplayMode;
  onDisplayMode(mode: DisplayMode): void;
  pageSize: number;
  onPageSize(size: number): void;
}

/**
 * Sort selector, the 'translated / with subtitles' box (zh-CN only, spec section 2; shown elsewhere
 * only while it is on, so it can be turned off), its companion 'translations' box (works the metadata
 * calls translations: English and Korean editions as much as Chinese ones, so in every language), the
 * page size and the display mode toggle.
 */
export function WorksToolbar(props: WorksToolbarProps) {
  const { t, i18n } = useTranslation();
  const subtitleBox = props.subtitle || i18n.language === 'zh-CN';
  return (
    <div className={classes.toolbar}>
      <NativeSelect
        className={classes.sort}
        aria-label={t('works.sort.label')}
        leftSection={<IconSortDescending size={16} />}
        value={props.sort.key}
        onChange={(event) => {
          const option = SORT_OPTIONS.find((candidate) => candidate.key === event.currentTarget.value);
          if (option) props.onSort(option);
        }}
        data={SORT_OPTIONS.map((option) => ({ value: option.key, label: t(`works.sort.${option.key}`) }))}
      />
      {/* One grid cell for both boxes: two items in one grid area would lie on top of each other. */}
      <div className={classes.filters}>
        {subtitleBox && (
          <Checkbox
            label={t('works.subtitleOnly')}
            checked={props.subtitle}
            onChange={(event) => props.onSubtitle(event.currentTarget.checked)}
          />
        )}
        <Checkbox
          label={t('works.translatedOnly')}
          checked={props.translated}
          onChange={(event) => props.onTranslated(event.currentTarget.checked)}
        />
      </div>
      <NativeSelect
        className={classes.pageSize}
        aria-label={t('works.pageSize.label')}
        value={String(props.pageSize)}
        onChange={(event) => props.onPageSize(Number(event.currentTarget.value))}
        data={PAGE_SIZES.map((size) => ({
          value: String(size),
          label: t('works.pageSize.option', { count: size }),
        }))}
      />
      <ActionIcon.Group className={classes.modes} aria-label={t('works.display.label')} role="group">
        {DISPLAY_MODES.map((mode) => {
          const Icon = MODE_ICONS[mode];
          const selected = props.displayMode === mode;
          return (
            <LazyTooltip key={mode} label={t(`works.display.${mode}`)} openDelay={300}>
              <ActionIcon
                size={36}
                variant={selected ? 'filled' : 'default'}
                aria-label={t(`works.display.${mode}`)}
                aria-pressed={selected}
                onClick={() => props.onDisplayMode(mode)}
              >
                <Icon size={18} aria-hidden />
              </ActionIcon>
            </LazyTooltip>
          );
        })}
      </ActionIcon.Group>
    </div>
  );
}

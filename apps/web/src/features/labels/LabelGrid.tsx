import { Badge, Box, Text, UnstyledButton } from '@mantine/core';
import { useElementSize } from '@mantine/hooks';
import { useWindowVirtualizer } from '@tanstack/react-virtual';
import { useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { type LabelKind, LINK_PARAM } from './api';
import type { LabelItem } from './filter';
import classes from './labels.module.css';

export const ROW_HEIGHT = 52;
const MIN_CELL_WIDTH = 240;

/**
 * The labels as a grid of links, virtualised by rows against the window's scroll: only the rows in
 * view (plus a few) are in the DOM, so 10,000 labels scroll smoothly.
 */
export function LabelGrid({ kind, items }: { kind: LabelKind; items: readonly LabelItem[] }) {
  const { t } = useTranslation();
  const { ref: sizeRef, width } = useElementSize();
  const listRef = useRef<HTMLDivElement>(null);
  const [offset, setOffset] = useState(0);
  const columns = Math.max(1, Math.min(4, Math.floor(width / MIN_CELL_WIDTH)));
  const rows = Math.ceil(items.length / columns);

  useLayoutEffect(() => {
    setOffset(listRef.current ? listRef.current.getBoundingClientRect().top + window.scrollY : 0);
  }, []);

  const virtualizer = useWindowVirtualizer({
    count: rows,
    estimateSize: () => ROW_HEIGHT,
    overscan: 6,
    scrollMargin: offset,
  });

  return (
    <Box ref={sizeRef}>
      <div ref={listRef} style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
        {virtualizer.getVirtualItems().map((row) => (
          <div
            key={row.key}
            className={classes.row}
            style={{
              transform: `translateY(${row.start - virtualizer.options.scrollMargin}px)`,
              gridTemplateColumns: `repeat(${columns}, minmax(0, 1fr))`,
            }}
          >
            {items.slice(row.index * columns, row.index * columns + columns).map((item) => (
              <UnstyledButton
                key={item.label.id}
                component={Link}
                to={`/works?${LINK_PARAM[kind]}=${encodeURIComponent(String(item.label.id))}`}
                className={classes.cell}
                title={item.names.join(' / ')}
                aria-label={`${item.display} (${t('labels.works', { count: item.label.count })})`}
              >
                <Text span fz="sm" truncate="end" className={classes.name}>
                  {item.display}
                </Text>
                <Badge variant="light" size="sm" radius="sm" className={classes.count}>
                  {item.label.count}
                </Badge>
              </UnstyledButton>
            ))}
          </div>
        ))}
      </div>
    </Box>
  );
}

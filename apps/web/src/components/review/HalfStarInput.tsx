import { ActionIcon, Group, Rating, type RatingProps, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/** A touch target: 40 px per star. */
const TOUCH_STAR_PX = 40;

export interface HalfStarInputProps {
  value: number | null;
  onChange(value: number | null): void;
  size?: RatingProps['size'];
  /** Show the "3.5 / 5" text and the clear button (off for compact list rows). */
  withDetails?: boolean;
  disabled?: boolean;
}

/**
 * Five stars in half steps (spec: ratings are stars; half stars allowed). Clicking the current value,
 * or the clear button, empties it: `null` means "not rated". Stars are 40 px by default, and on touch
 * screens always (whatever size a list asks for), so a half star is a tap a finger can hit.
 */
export function HalfStarInput({
  value,
  onChange,
  size = TOUCH_STAR_PX,
  withDetails = true,
  disabled,
}: HalfStarInputProps) {
  const { t } = useTranslation();
  const rating = value ?? 0;
  const coarse = useMediaQuery('(pointer: coarse)');
  return (
    <Group gap="xs" wrap="nowrap">
      <Rating
        value={rating}
        onChange={(next) => onChange(next > 0 ? next : null)}
        fractions={2}
        allowClear
        readOnly={disabled}
        size={coarse ? TOUCH_STAR_PX : size}
        getSymbolLabel={(symbol) => t('review.star', { value: symbol })}
      />
      {withDetails && (
        <>
          <Text size="sm" c="dimmed" miw={56} aria-live="polite">
            {rating > 0 ? t('review.ratingValue', { value: rating }) : t('review.noRating')}
          </Text>
          {rating > 0 && !disabled && (
            <ActionIcon
              variant="subtle"
              color="gray"
              size={40}
              onClick={() => onChange(null)}
              aria-label={t('review.clearRating')}
            >
              <IconX size={14} />
            </ActionIcon>
          )}
        </>
      )}
    </Group>
  );
}

import { MantineProvider } from '@mantine/core';
import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import '../../src/i18n';
import { HalfStarInput } from '../../src/components/review/HalfStarInput';

describe('HalfStarInput', () => {
  it('draws 40 px stars by default, so half a star is a tap a finger can hit', () => {
    const { container } = render(
      <MantineProvider>
        <HalfStarInput value={3.5} onChange={() => {}} />
      </MantineProvider>,
    );
    const root = container.querySelector('.mantine-Rating-root') as HTMLElement;
    // Mantine writes 40 px as 2.5rem.
    expect(root.style.getPropertyValue('--rating-size')).toContain('2.5rem');
  });
});

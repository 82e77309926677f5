import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { TagChips } from '../../src/components/work/chips';
import { localTagName } from '../../src/components/work/tag-name';
import i18n from '../../src/i18n';
import { renderWithProviders } from '../render';
import { makeWork } from './fixtures';

const tag = {
  id: 1,
  name: '癒し',
  i18n: { 'en-us': { name: 'Healing' }, 'zh-cn': { name: '治愈' }, 'ja-jp': { name: '癒し' } },
};

describe('tag names per language', () => {
  afterEach(() => void i18n.changeLanguage('en'));

  it('uses the name for the interface language, else the default name', () => {
    expect(localTagName(tag, 'en')).toBe('Healing');
    expect(localTagName(tag, 'zh-CN')).toBe('治愈');
    expect(localTagName(tag, 'ja')).toBe('癒し');
    expect(localTagName({ name: '耳かき', i18n: {} }, 'en')).toBe('耳かき');
    expect(localTagName({ name: '耳かき', i18n: { 'en-us': { name: ' ' } } }, 'en')).toBe('耳かき');
    expect(localTagName({ name: '耳かき' }, 'fr')).toBe('耳かき');
  });

  it('tag chips show the reader’s language and link to the tag’s works', async () => {
    await i18n.changeLanguage('zh-CN');
    renderWithProviders(<TagChips tags={makeWork(1).tags} />);
    const chip = await screen.findByText('按摩');
    expect(chip.closest('a')?.getAttribute('href')).toBe('/works?tagId=502');
    expect(screen.getByText('耳かき')).toBeTruthy();
  });
});

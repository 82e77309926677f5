import { EDITION_LANGUAGES, type Work } from '@sasayaki/api-contract';
import type { TFunction } from 'i18next';
import { Fragment } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import classes from './work.module.css';

type Edition = Work['other_language_editions_in_db'][number];

/** An edition's language in the reader's language; DLsite's code for one the app has no name for. */
export function editionLanguageName(t: TFunction, lang: string | null): string {
  if (lang === null) return t('editions.unknown');
  return (EDITION_LANGUAGES as readonly string[]).includes(lang) ? t(`editions.lang.${lang}`) : lang;
}

const editionPath = (edition: Edition) => `/work/${edition.source_id}`;

/** The card's small chips, one per other edition in the library, each opening that edition. */
export function EditionChips({ work, size = 'xs' }: { work: Work; size?: 'xs' | 'sm' }) {
  const { t } = useTranslation();
  const editions = work.other_language_editions_in_db;
  if (editions.length === 0) return null;
  return (
    <ul className={classes.chipList} aria-label={t('editions.list')}>
      {editions.map((edition) => (
        <li key={edition.id} className={classes.chipItem}>
          <Link
            to={editionPath(edition)}
            className={`${classes.chip} ${classes.focusable}`}
            data-size={size}
            data-kind="edition"
            title={edition.title}
          >
            <span className={classes.chipLabel}>{editionLanguageName(t, edition.lang)}</span>
          </Link>
        </li>
      ))}
    </ul>
  );
}

/** The work page's line "Also in your library: English, 简体中文", each language opening its edition. */
export function AlsoInLibrary({ work }: { work: Work }) {
  const { t } = useTranslation();
  const editions = work.other_language_editions_in_db;
  if (editions.length === 0) return null;
  return (
    <p
      className={`${classes.text} ${classes.dimmed}`}
      style={{ margin: 0, fontSize: 'var(--mantine-font-size-sm)' }}
    >
      {t('editions.alsoInLibrary')}{' '}
      {editions.map((edition, index) => (
        <Fragment key={edition.id}>
          {index > 0 && t('editions.separator')}
          <Link to={editionPath(edition)} className={classes.anchor} title={edition.title}>
            {editionLanguageName(t, edition.lang)}
          </Link>
        </Fragment>
      ))}
    </p>
  );
}

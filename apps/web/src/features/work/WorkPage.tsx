import { Button, Center, Stack, Text } from '@mantine/core';
import { formatWorkCode, parseWorkId } from '@sasayaki/api-contract';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useParams } from 'react-router';
import { ApiError } from '../../api/client';
import { removeEarlyCover } from '../../components/work/early-cover';
import { afterNextPaint } from '../../lib/after-paint';
import { whenIdle } from '../../lib/idle';
import { notifyError } from '../../lib/notify';
import { usePlayerActivation } from '../../player/activation';
import { useWork } from './api';
import { OfferPlay } from './OfferPlay';
import { ResumeOffer } from './ResumeOffer';
import { SimilarWorks } from './similar/SimilarWorks';
import { MetadataSources } from './sources/MetadataSources';
import { WorkTree } from './tree/WorkTree';
import { WorkActions } from './WorkActions';
import { WorkHeader } from './WorkHeader';
import { WorkPageSkeleton } from './WorkPageSkeleton';

/** The work page (spec section 2): the card's details, large, with progress, review, feedback and files. */
export default function WorkPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const raw = useParams().id ?? '';
  const numeric = parseWorkId(raw);
  const id = numeric === null ? raw : formatWorkCode(numeric);
  const work = useWork(id, id);
  const offerPlay = (location.state as { offerPlay?: boolean } | null)?.offerPlay === true;

  // The player bar loads with the first work page, before the first tap (iOS autoplay rules), but only
  // once the page has painted its work: its chunk and first render, loaded at mount, held up the work's
  // first paint and its cover on a phone (about a fifth of the script before that paint, a dozen files).
  // And not before start-up's idle time: a paint is shown a little after the frame that prepared it, so
  // the player's dozen files, asked for right after that frame, still landed before the cover's largest
  // paint was recorded, and Lighthouse's phone simulation then counted their download before it (LCP
  // 3.2 -> 4.0 s, issue 14's phone budget).
  const shown = work.data !== undefined;
  useEffect(() => {
    if (!shown) return;
    let cancelPaint: (() => void) | undefined;
    let live = true;
    void whenIdle().then(() => {
      if (live) cancelPaint = afterNextPaint(usePlayerActivation.getState().activate);
    });
    return () => {
      live = false;
      cancelPaint?.();
    };
  }, [shown]);

  // The cover the entry painted before the app ran (early-cover.ts) lies over this page's own, the same
  // picture in the same box, until that one has painted; and goes with the page.
  useEffect(() => (shown ? afterNextPaint(removeEarlyCover) : undefined), [shown]);
  useEffect(() => removeEarlyCover, []);

  const notFound = numeric === null || (work.error instanceof ApiError && work.error.status === 404);
  useEffect(() => {
    if (notFound) navigate('/404', { replace: true });
    else if (work.error) notifyError(work.error, { ignoreUnauthorized: true });
  }, [notFound, work.error, navigate]);

  useEffect(() => {
    if (work.data) document.title = `${work.data.source_id} ${work.data.title} - ${t('common.appName')}`;
    return () => {
      document.title = t('common.appName');
    };
  }, [work.data, t]);

  if (!work.data) {
    if (work.isError && !notFound) {
      return (
        <Center mih="40vh">
          <Stack align="center">
            <Text c="dimmed">{t('work.loadFailed')}</Text>
            <Button variant="light" onClick={() => void work.refetch()}>
              {t('common.actions.retry')}
            </Button>
          </Stack>
        </Center>
      );
    }
    return <WorkPageSkeleton />;
  }

  return (
    <Stack gap="lg" maw={1280} mx="auto">
      {offerPlay ? <OfferPlay id={id} work={work.data} /> : <ResumeOffer id={id} work={work.data} />}
      <WorkHeader work={work.data} actions={<WorkActions id={id} work={work.data} />} />
      <WorkTree id={id} work={work.data} />
      <SimilarWorks key={work.data.id} workId={work.data.id} />
      <MetadataSources id={id} />
    </Stack>
  );
}

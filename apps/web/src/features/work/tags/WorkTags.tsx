import { ActionIcon, Group, Text } from '@mantine/core';
import { TAG_VOTE, type Tag, type TagVoteValue, type Work } from '@sasayaki/api-contract';
import { IconThumbDown, IconThumbUp } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { TagChips } from '../../../components/work/chips';
import { localTagName } from '../../../components/work/tag-name';
import classes from '../../../components/work/work.module.css';
import { useSession } from '../../auth/session';
import { useTagVote } from './api';

/**
 * The work page's tags: plain chips for the guest and visitors; for members each tag with its up and down
 * votes (asmr.one's tag votes), a click votes, a second click on the same vote takes it back.
 */
export function WorkTags({ work }: { work: Work }) {
  const { t } = useTranslation();
  const user = useSession().data?.user;
  if (!user || user.group === 'guest' || work.tags.length === 0) return <TagChips tags={work.tags} />;
  return (
    <ul className={classes.chipList} aria-label={t('workTags.label')} title={t('workTags.hiddenHint')}>
      {work.tags.map((tag) => (
        <TagWithVotes key={tag.id} workId={work.id} tag={tag} />
      ))}
    </ul>
  );
}

function TagWithVotes({ workId, tag }: { workId: number; tag: Tag }) {
  const { t, i18n } = useTranslation();
  const vote = useTagVote(workId);
  const name = localTagName(tag, i18n.language);
  const mine = tag.myVote ?? TAG_VOTE.none;
  const cast = (choice: TagVoteValue) =>
    vote.mutate({ tagId: tag.id, status: mine === choice ? TAG_VOTE.none : choice });
  const button = (choice: TagVoteValue, count: number) => {
    const up = choice === TAG_VOTE.up;
    const Icon = up ? IconThumbUp : IconThumbDown;
    return (
      <ActionIcon
        size="sm"
        variant={mine === choice ? 'filled' : 'subtle'}
        color={up ? 'teal' : 'red'}
        aria-pressed={mine === choice}
        aria-label={t(up ? 'workTags.up' : 'workTags.down', { tag: name, count })}
        disabled={vote.isPending}
        onClick={() => cast(choice)}
      >
        <Icon size={14} aria-hidden />
      </ActionIcon>
    );
  };
  return (
    <li className={classes.chipItem}>
      <Group gap={2} wrap="nowrap">
        <Link
          to={`/works?tagId=${tag.id}`}
          className={`${classes.chip} ${classes.focusable}`}
          data-size="sm"
          data-kind="tag"
        >
          <span className={classes.chipLabel}>{name}</span>
        </Link>
        {button(TAG_VOTE.up, tag.upvote ?? 0)}
        <Text span fz="xs" c="dimmed" aria-hidden>
          {(tag.upvote ?? 0) - (tag.downvote ?? 0)}
        </Text>
        {button(TAG_VOTE.down, tag.downvote ?? 0)}
      </Group>
    </li>
  );
}

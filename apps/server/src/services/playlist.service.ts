import { randomUUID } from 'node:crypto';
import {
  type CreatePlaylistBody,
  type EditPlaylistBody,
  PAGE_SIZE,
  PLAYLIST_PRIVACY,
  type Playlist,
  type PlaylistFilter,
  type PlaylistLikeStatus,
  type PlaylistsEnvelope,
  type PlaylistWorksEnvelope,
  SYSTEM_PLAYLIST_NAMES,
  type SystemPlaylistKind,
} from '@sasayaki/api-contract';
import { Forbidden, Invalid, NotFound } from '../errors.js';
import type { PlaylistRepository, PlaylistRow } from '../repositories/playlist.repository.js';
import type { CatalogueService } from './catalogue.service.js';
import { coverUrls } from './work-serializer.js';

/** Who asks: playlists belong to members; the guest reads others' and owns none. */
export interface PlaylistUser {
  id: number;
  group: string;
}

export interface Paging {
  page?: number;
  pageSize?: number;
}

/** A listener's plays of one playlist count once per this many milliseconds (docs/clients.md). */
export const PLAY_COUNT_INTERVAL_MS = 30 * 60_000;

const DEFAULT_LOCALE = 'ja-jp';
const SYSTEM_KINDS = Object.keys(SYSTEM_PLAYLIST_NAMES) as SystemPlaylistKind[];

/**
 * Playlists (asmr.one's `/api/playlist/…`, issue 13): a member's own, two system ones made on their first
 * playlist request, privacy, likes, play counts. Someone else's playlist is 404 while private and 403 to
 * change; the guest owns none.
 */
export class PlaylistService {
  /** Users whose system playlists exist, so a read does not try to make them again (per process). */
  private readonly withSystemPlaylists = new Set<number>();

  constructor(
    private readonly playlists: PlaylistRepository,
    private readonly catalogue: CatalogueService,
    private readonly now: () => Date = () => new Date(),
  ) {}

  async list(user: PlaylistUser, filter: PlaylistFilter, paging: Paging): Promise<PlaylistsEnvelope> {
    const { page, pageSize, offset } = pageOf(paging);
    const owns = user.group !== 'guest';
    if (owns) await this.ensureSystemPlaylists(user.id);
    const none = { rows: [], total: 0 };
    let rows: PlaylistRow[];
    let total: number;
    if (filter === 'public') ({ rows, total } = await this.playlists.listed(user.id, offset, pageSize));
    else if (filter === 'liked') ({ rows, total } = await this.playlists.liked(user.id, offset, pageSize));
    else if (filter === 'owned' || !owns)
      ({ rows, total } = owns ? await this.playlists.owned(user.id, offset, pageSize) : none);
    else ({ rows, total } = await this.ownedThenLiked(user.id, offset, pageSize));
    return {
      playlists: rows.map(toPlaylist),
      pagination: { page, currentPage: page, pageSize, totalCount: total },
    };
  }

  /** `filterBy=all`: the user's own playlists, then the ones they liked, paged as one list. */
  private async ownedThenLiked(userId: number, offset: number, limit: number) {
    const owned = await this.playlists.owned(userId, offset, limit);
    const likedOffset = Math.max(0, offset - owned.total);
    const likedLimit = limit - owned.rows.length;
    const liked = await this.playlists.liked(userId, likedOffset, Math.max(likedLimit, 1));
    return {
      rows: [...owned.rows, ...(likedLimit > 0 ? liked.rows : [])],
      total: owned.total + liked.total,
    };
  }

  /** `get-default-mark-target-playlist`: the marked system playlist. */
  async markTarget(user: PlaylistUser): Promise<Playlist> {
    return toPlaylist(await this.systemPlaylist(user, 'marked'));
  }

  async metadata(user: PlaylistUser, id: string): Promise<Playlist> {
    return toPlaylist(await this.visible(user, id));
  }

  async works(user: PlaylistUser, id: string, paging: Paging): Promise<PlaylistWorksEnvelope> {
    const { page, pageSize, offset } = pageOf(paging);
    // The page is asked beside the playlist, not after it (one round trip less on PostgreSQL); it is
    // used only once the playlist is known to be visible.
    const [, { ids, total }] = await Promise.all([
      this.visible(user, id),
      this.playlists.workPage(id, offset, pageSize),
    ]);
    return {
      works: await this.catalogue.worksByIds(ids, user.id),
      pagination: { page, currentPage: page, pageSize, totalCount: total },
    };
  }

  /** The user's own playlists, each saying whether it holds the work. */
  async withWork(user: PlaylistUser, workId: number, paging: Paging): Promise<PlaylistsEnvelope> {
    const owned = await this.list(user, 'owned', paging);
    const holding = await this.playlists.holding(
      owned.playlists.map((playlist) => playlist.id),
      workId,
    );
    return {
      ...owned,
      playlists: owned.playlists.map((playlist) => ({ ...playlist, exist: holding.has(playlist.id) })),
    };
  }

  async create(user: PlaylistUser, body: CreatePlaylistBody): Promise<Playlist> {
    const id = randomUUID();
    await this.playlists.insert([
      {
        id,
        user_id: user.id,
        system: null,
        name: body.name,
        description: body.description ?? '',
        privacy: body.privacy,
        locale: body.locale ?? DEFAULT_LOCALE,
        now: this.now().toISOString(),
      },
    ]);
    if (body.works && body.works.length > 0) await this.addWorks(user, id, body.works);
    return this.metadata(user, id);
  }

  async edit(user: PlaylistUser, body: EditPlaylistBody): Promise<Playlist> {
    const playlist = await this.owned(user, body.id);
    const { name, ...rest } = body.data;
    if (playlist.system !== null && name !== undefined && name !== playlist.name) {
      throw new Invalid('A system playlist keeps its name', [
        { param: 'data.name', location: 'body', msg: 'system playlists cannot be renamed' },
      ]);
    }
    await this.playlists.update(playlist.id, { ...rest, ...(name !== undefined && { name }) }, this.stamp());
    return this.metadata(user, playlist.id);
  }

  async delete(user: PlaylistUser, id: string): Promise<{ id: string; message: string }> {
    const playlist = await this.owned(user, id);
    if (playlist.system !== null) throw new Invalid('A system playlist cannot be deleted');
    await this.playlists.delete(playlist.id);
    return { id: playlist.id, message: 'Playlist deleted' };
  }

  /** Adds the works it does not hold yet (a work added twice is there once); unknown works are 404. */
  async addWorks(user: PlaylistUser, id: string, workIds: number[]): Promise<Playlist> {
    const unique = [...new Set(workIds)];
    // Asked side by side (one round trip less on PostgreSQL); the playlist's 404/403 still comes first.
    const [playlist, known] = await Promise.all([this.owned(user, id), this.playlists.existingWorks(unique)]);
    const unknown = unique.filter((workId) => !known.has(workId));
    if (unknown.length > 0) throw new NotFound(`Work ${unknown.join(', ')} not found`);
    const changed = await this.playlists.addWorks(playlist.id, unique, this.stamp());
    return toPlaylist({ ...changed, user_name: playlist.user_name });
  }

  async removeWorks(user: PlaylistUser, id: string, workIds: number[]): Promise<Playlist> {
    const playlist = await this.owned(user, id);
    const changed = await this.playlists.removeWorks(playlist.id, [...new Set(workIds)], this.stamp());
    return toPlaylist({ ...changed, user_name: playlist.user_name });
  }

  async moveWork(user: PlaylistUser, id: string, workId: number, after: number | null): Promise<Playlist> {
    const playlist = await this.owned(user, id);
    if (!(await this.playlists.moveWork(playlist.id, workId, after, this.stamp()))) {
      throw new NotFound(
        `The playlist does not hold work ${after === null ? workId : `${workId} or ${after}`}`,
      );
    }
    return this.metadata(user, playlist.id);
  }

  async likedStatus(user: PlaylistUser, id: string): Promise<PlaylistLikeStatus> {
    const playlist = await this.visible(user, id);
    return { id: playlist.id, liked: await this.playlists.isLiked(playlist.id, user.id) };
  }

  /** Likes someone else's playlist that the user can see; their own is 400. */
  async setLiked(user: PlaylistUser, id: string, liked: boolean): Promise<PlaylistLikeStatus> {
    const playlist = await this.visible(user, id);
    if (liked && playlist.user_id === user.id) throw new Invalid('Your own playlist cannot be liked');
    await this.playlists.setLiked(playlist.id, user.id, liked, this.stamp());
    return { id: playlist.id, liked };
  }

  /**
   * A listener started the whole playlist (Sasayaki's "Play all"): its play count grows by one, at most
   * once per listener per half hour, so pressing play again or reloading does not inflate it.
   */
  async recordPlay(user: PlaylistUser, id: string): Promise<Playlist> {
    const playlist = await this.visible(user, id);
    const now = this.now();
    const since = new Date(now.getTime() - PLAY_COUNT_INTERVAL_MS).toISOString();
    await this.playlists.countPlay(playlist.id, user.id, now.toISOString(), since);
    return this.metadata(user, playlist.id);
  }

  /** `withPlaylistStatus[]`: for each work, whether each named playlist (one the user may see) holds it. */
  statusFor(userId: number | null, playlistIds: string[], workIds: number[]) {
    return this.playlists.playlistStatusFor(userId, playlistIds, workIds);
  }

  private stamp(): string {
    return this.now().toISOString();
  }

  /** A playlist the user may see: theirs, or someone else's that is not private; else 404. */
  private async visible(user: PlaylistUser, id: string): Promise<PlaylistRow> {
    const playlist = await this.playlists.find(id);
    if (!playlist || (playlist.user_id !== user.id && playlist.privacy === PLAYLIST_PRIVACY.private)) {
      throw new NotFound(`Playlist ${id} not found`);
    }
    return playlist;
  }

  /** A playlist the user may change: theirs; someone else's they can see is 403. */
  private async owned(user: PlaylistUser, id: string): Promise<PlaylistRow> {
    const playlist = await this.visible(user, id);
    if (playlist.user_id !== user.id) throw new Forbidden('This playlist is someone else’s');
    return playlist;
  }

  private async systemPlaylist(user: PlaylistUser, kind: SystemPlaylistKind): Promise<PlaylistRow> {
    if (user.group === 'guest') throw new Forbidden('The guest account has no playlists');
    await this.ensureSystemPlaylists(user.id);
    let playlist = await this.playlists.findSystem(user.id, kind);
    if (!playlist) {
      // A deleted account's id given to a new one (SQLite reuses the highest): make them after all.
      this.withSystemPlaylists.delete(user.id);
      await this.ensureSystemPlaylists(user.id);
      playlist = await this.playlists.findSystem(user.id, kind);
    }
    if (!playlist) throw new NotFound(`Playlist ${SYSTEM_PLAYLIST_NAMES[kind]} not found`);
    return playlist;
  }

  /**
   * The two system playlists are made on a member's first playlist request rather than at registration,
   * so accounts from before playlists, imported ones and the command line's get them the same way.
   */
  private async ensureSystemPlaylists(userId: number): Promise<void> {
    if (this.withSystemPlaylists.has(userId)) return;
    const now = this.stamp();
    await this.playlists.insert(
      SYSTEM_KINDS.map((kind) => ({
        id: randomUUID(),
        user_id: userId,
        system: kind,
        name: SYSTEM_PLAYLIST_NAMES[kind],
        description: '',
        privacy: PLAYLIST_PRIVACY.private,
        locale: DEFAULT_LOCALE,
        now,
      })),
    );
    this.withSystemPlaylists.add(userId);
  }
}

function pageOf(paging: Paging): { page: number; pageSize: number; offset: number } {
  const page = paging.page ?? 1;
  const pageSize = paging.pageSize ?? PAGE_SIZE;
  return { page, pageSize, offset: (page - 1) * pageSize };
}

export function toPlaylist(row: PlaylistRow): Playlist {
  return {
    id: row.id,
    user_name: row.user_name,
    privacy: row.privacy,
    locale: row.locale,
    playback_count: Number(row.playback_count),
    name: row.name,
    description: row.description,
    created_at: row.created_at,
    updated_at: row.updated_at,
    works_count: Number(row.works_count),
    latestWorkID: row.latest_work_id,
    mainCoverUrl: row.latest_work_id === null ? '' : coverUrls(row.latest_work_id).mainCoverUrl,
    likes_count: Number(row.likes_count),
  };
}

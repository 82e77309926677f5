import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { kikoeruMd5 } from '../auth/kikoeru-passwords.js';
import { uuidV5 } from '../scanner/label-ids.js';

/** kikoeru-express's namespace of VA ids (UUID v5 of the name), as its database holds them. */
const KIKOERU_VA_NAMESPACE = '699d9c07-b965-4399-bafd-18a3cacf073c';

/** kikoeru-express's tables (database/schema.js since 2021), with `t_tag.i18n` as an optional extra. */
const SCHEMA = `
CREATE TABLE t_circle (id integer not null primary key autoincrement, name varchar(255) not null);
CREATE TABLE t_work (id integer not null primary key autoincrement, root_folder varchar(255) not null,
  dir varchar(255) not null, title varchar(255) not null, circle_id integer not null, nsfw boolean,
  release varchar(255), dl_count integer, price integer, review_count integer, rate_count integer,
  rate_average_2dp float, rate_count_detail text, rank text, foreign key(circle_id) references t_circle(id));
CREATE TABLE t_tag (id integer not null primary key autoincrement, name varchar(255) not null __TAG_I18N__);
CREATE TABLE t_va (id varchar(255), name varchar(255) not null, primary key (id));
CREATE TABLE r_tag_work (tag_id integer, work_id integer, foreign key(tag_id) references t_tag(id),
  foreign key(work_id) references t_work(id), primary key (tag_id, work_id));
CREATE TABLE r_va_work (va_id varchar(255), work_id integer, foreign key(va_id) references t_va(id)
  on update CASCADE on delete CASCADE, foreign key(work_id) references t_work(id) on update CASCADE
  on delete CASCADE, primary key (va_id, work_id));
CREATE TABLE t_user (name varchar(255) not null, password varchar(255) not null, "group" varchar(255) not null,
  primary key (name));
CREATE TABLE t_review (user_name varchar(255) not null, work_id varchar(255) not null, rating integer,
  review_text varchar(255), created_at datetime not null default CURRENT_TIMESTAMP,
  updated_at datetime not null default CURRENT_TIMESTAMP, progress varchar(255),
  foreign key(user_name) references t_user(name) on delete CASCADE,
  foreign key(work_id) references t_work(id) on delete CASCADE, primary key (user_name, work_id));
`;

export interface KikoeruWorkSeed {
  id: number;
  title: string;
  circle: { id: number; name: string };
  tags?: Array<{ id: number; name: string; i18n?: Record<string, { name: string }> }>;
  vas?: string[];
  nsfw?: boolean;
  release?: string;
  price?: number;
  dlCount?: number;
  rateAverage?: number;
  rateCount?: number;
  reviewCount?: number;
  rateCountDetail?: Array<{ review_point: number; count: number; ratio: number }>;
}

export interface KikoeruUserSeed {
  name: string;
  password: string;
  group?: string;
}

export interface KikoeruReviewSeed {
  user: string;
  work: number | string;
  rating?: number | null;
  text?: string | null;
  progress?: string | null;
  updatedAt?: string;
}

export interface KikoeruSeed {
  works: KikoeruWorkSeed[];
  users: KikoeruUserSeed[];
  reviews: KikoeruReviewSeed[];
  /** Give `t_tag` the `i18n` column (default true). */
  tagI18n?: boolean;
}

export interface KikoeruFiles {
  db: string;
  config: string;
  secret: string;
}

/**
 * For the import's tests and bench (never the server itself): writes a kikoeru-express installation's `db.sqlite3` and `config.json` into `dir`: the tables as kikoeru
 * creates them and rows as it fills them (md5(password + md5secret) hashes, VA ids as UUIDs of the name,
 * review times as SQLite's CURRENT_TIMESTAMP text). One transaction, so large seeds (the bench) are quick.
 */
export function createKikoeruInstallation(
  dir: string,
  seed: KikoeruSeed,
  secret = 'a1b2c3d4'.repeat(8),
): KikoeruFiles {
  const path = join(dir, 'db.sqlite3');
  const db = new Database(path);
  const tagI18n = seed.tagI18n ?? true;
  db.exec(SCHEMA.replace('__TAG_I18N__', tagI18n ? ', i18n text' : ''));
  const insertCircle = db.prepare('INSERT OR IGNORE INTO t_circle (id, name) VALUES (?, ?)');
  const insertWork = db.prepare(
    `INSERT INTO t_work (id, root_folder, dir, title, circle_id, nsfw, release, dl_count, price, review_count,
      rate_count, rate_average_2dp, rate_count_detail, rank) VALUES (?, 'main', ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, NULL)`,
  );
  const insertTag = tagI18n
    ? db.prepare('INSERT OR IGNORE INTO t_tag (id, name, i18n) VALUES (?, ?, ?)')
    : db.prepare('INSERT OR IGNORE INTO t_tag (id, name) VALUES (?, ?)');
  const insertVa = db.prepare('INSERT OR IGNORE INTO t_va (id, name) VALUES (?, ?)');
  const linkTag = db.prepare('INSERT INTO r_tag_work (tag_id, work_id) VALUES (?, ?)');
  const linkVa = db.prepare('INSERT INTO r_va_work (va_id, work_id) VALUES (?, ?)');
  const insertUser = db.prepare('INSERT INTO t_user (name, password, "group") VALUES (?, ?, ?)');
  const insertReview = db.prepare(
    'INSERT INTO t_review (user_name, work_id, rating, review_text, progress, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?)',
  );
  db.transaction(() => {
    for (const work of seed.works) {
      insertCircle.run(work.circle.id, work.circle.name);
      insertWork.run(
        work.id,
        `RJ${work.id}`,
        work.title,
        work.circle.id,
        work.nsfw === undefined ? null : work.nsfw ? 1 : 0,
        work.release ?? null,
        work.dlCount ?? null,
        work.price ?? null,
        work.reviewCount ?? null,
        work.rateCount ?? null,
        work.rateAverage ?? null,
        work.rateCountDetail ? JSON.stringify(work.rateCountDetail) : null,
      );
      for (const tag of work.tags ?? []) {
        if (tagI18n) insertTag.run(tag.id, tag.name, tag.i18n ? JSON.stringify(tag.i18n) : null);
        else insertTag.run(tag.id, tag.name);
        linkTag.run(tag.id, work.id);
      }
      for (const name of work.vas ?? []) {
        const id = uuidV5(name, KIKOERU_VA_NAMESPACE);
        insertVa.run(id, name);
        linkVa.run(id, work.id);
      }
    }
    for (const user of seed.users)
      insertUser.run(user.name, kikoeruMd5(user.password, secret), user.group ?? 'user');
    for (const review of seed.reviews) {
      const at = review.updatedAt ?? '2024-05-06 07:08:09';
      insertReview.run(
        review.user,
        String(review.work),
        review.rating ?? null,
        review.text ?? null,
        review.progress ?? null,
        at,
        at,
      );
    }
  })();
  db.close();
  const config = join(dir, 'config.json');
  writeFileSync(
    config,
    JSON.stringify({ version: '0.6.2', md5secret: secret, jwtsecret: 'x', tagLanguage: 'zh-cn' }),
  );
  return { db: path, config, secret };
}

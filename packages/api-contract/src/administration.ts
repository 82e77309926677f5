import { z } from 'zod';
import { FEEDBACK_CATEGORIES, FEEDBACK_STATES, MAX_ID, USER_REVIEW_FATES } from './constants.js';
import {
  AdminUser,
  FeedbackBody,
  FeedbackItem,
  IntIdParam,
  PageQuery,
  Pagination,
  UserDelete,
} from './schemas.js';

// ---- the Users page and the feedback inbox (issue 15; docs/administration.md) ----

/** A row of the Users page: the account, its last login and how much it wrote. */
export const AdminUserRow = AdminUser.extend({
  last_login_at: z.string().nullable().describe('The last successful login; null when none was recorded'),
  ratings: z.number().int().describe('Works this user rated'),
  reviews: z.number().int().describe('Works this user wrote a review of'),
});
export const AdminUserList = z.object({ users: z.array(AdminUserRow) });

export const UserDeleteWithReviews = UserDelete.extend({
  reviews: z.enum(USER_REVIEW_FATES).default('delete'),
});

/** One user, named, for the password reset and "sign out of every device". */
export const UserNameBody = z.object({ name: z.string().min(1).max(64) });
/** A generated password, shown to the administrator once and never stored in clear. */
export const GeneratedPassword = z.object({ name: z.string(), password: z.string() });

/** A report may name the file it is about (the inbox links to it). */
export const FeedbackSubmission = FeedbackBody.extend({
  file_id: z.number().int().nonnegative().max(MAX_ID).optional(),
});

export const FeedbackInboxQuery = PageQuery.extend({
  category: z.enum(FEEDBACK_CATEGORIES).optional(),
  state: z.enum(FEEDBACK_STATES).optional(),
  work_id: IntIdParam.optional(),
});
export const FeedbackInboxItem = FeedbackItem.extend({
  file_id: z.number().int().nullable(),
  /** The work's title and the file's path inside it, for the links; null when gone. */
  work_title: z.string().nullable(),
  file_path: z.string().nullable(),
});
export const FeedbackInboxPage = z.object({
  feedback: z.array(FeedbackInboxItem),
  pagination: Pagination,
});
export const FeedbackOpenCount = z.object({ open: z.number().int() });

export type AdminUserRow = z.infer<typeof AdminUserRow>;
export type FeedbackInboxItem = z.infer<typeof FeedbackInboxItem>;
export type FeedbackInboxPage = z.infer<typeof FeedbackInboxPage>;
export type GeneratedPassword = z.infer<typeof GeneratedPassword>;

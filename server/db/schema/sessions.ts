import { sql } from 'drizzle-orm'
import {
  index,
  inet,
  integer,
  pgPolicy,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
  uuid,
} from 'drizzle-orm/pg-core'
import { APP_ROLE, LANDLORD_SCOPE, tenantIsolation } from './columns'
import { tenants } from './landlord'

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'string' })

/** Tenant rows inside their tenant's transaction; landlord rows (LANDLORD_SCOPE) only outside any. */
const scope = sql.raw(
  `coalesce(nullif(current_setting('app.tenant_id', true), '')::uuid, '${LANDLORD_SCOPE}'::uuid)`,
)
const tenantOrLandlord = () =>
  pgPolicy('tenant_isolation', {
    as: 'permissive',
    for: 'all',
    to: APP_ROLE,
    using: sql`tenant_id = ${scope}`,
    withCheck: sql`tenant_id = ${scope}`,
  })

/**
 * Failed sign-ins per typed username, whether or not such a user exists, so that a lock never
 * tells anyone which usernames are real. Five failures lock for a minute, each further failure
 * doubles the lock up to an hour; a success clears the row.
 */
export const loginThrottles = pgTable(
  'login_throttles',
  {
    /** A tenant, or LANDLORD_SCOPE for the provider's host. */
    tenantId: uuid('tenant_id').notNull(),
    id: uuid('id').notNull(),
    username: text('username').notNull(),
    failures: integer('failures').notNull().default(0),
    lockedUntil: at('locked_until'),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    unique('login_throttles_username_unique').on(t.tenantId, t.username),
    tenantOrLandlord(),
  ],
)

/**
 * Refresh tokens (DESIGN §6): opaque, stored as a SHA-256 hash, rotated on every use. A token
 * used twice revokes its whole family. The provider's sessions sit in LANDLORD_SCOPE.
 */
export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    /** A tenant, or LANDLORD_SCOPE for the provider's host. */
    tenantId: uuid('tenant_id').notNull(),
    id: uuid('id').notNull(),
    familyId: uuid('family_id').notNull(),
    userId: uuid('user_id').notNull(),
    tokenHash: text('token_hash').notNull(),
    createdAt: at('created_at').notNull().defaultNow(),
    expiresAt: at('expires_at').notNull(),
    usedAt: at('used_at'),
    revokedAt: at('revoked_at'),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    unique('refresh_tokens_token_unique').on(t.tenantId, t.tokenHash),
    index('refresh_tokens_family_idx').on(t.tenantId, t.familyId),
    tenantOrLandlord(),
  ],
)

/** A password recovery in progress (SPEC §4): single use, 15 minutes, by code or by questions. */
export const passwordResets = pgTable(
  'password_resets',
  {
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id),
    id: uuid('id').notNull(),
    userId: uuid('user_id').notNull(),
    tokenHash: text('token_hash').notNull(),
    type: text('type', { enum: ['code', 'questions'] }).notNull(),
    /** argon2 hash of the 6-digit code (code recoveries). */
    codeHash: text('code_hash'),
    /** Set once the three questions were answered (questions recoveries). */
    questionsPassedAt: at('questions_passed_at'),
    failedAttempts: integer('failed_attempts').notNull().default(0),
    createdAt: at('created_at').notNull().defaultNow(),
    expiresAt: at('expires_at').notNull(),
    usedAt: at('used_at'),
    ip: inet('ip'),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    index('password_resets_token_idx').on(t.tenantId, t.tokenHash),
    index('password_resets_user_idx').on(t.tenantId, t.userId, t.createdAt),
    tenantIsolation(),
  ],
)

/** The three security questions of a user, answers hashed after folding case and accents. */
export const securityAnswers = pgTable(
  'security_answers',
  {
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id),
    userId: uuid('user_id').notNull(),
    position: integer('position').notNull(),
    question: text('question').notNull(),
    answerHash: text('answer_hash').notNull(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.userId, t.position] }), tenantIsolation()],
)

/** The privacy notice (LFPDPPP): versioned text per tenant, in both languages. */
export const privacyNotices = pgTable(
  'privacy_notices',
  {
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id),
    version: integer('version').notNull(),
    textEs: text('text_es').notNull(),
    textEn: text('text_en').notNull(),
    publishedAt: at('published_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.version] }), tenantIsolation()],
)

/** Who accepted which version of the notice, when and from where. */
export const privacyAcceptances = pgTable(
  'privacy_acceptances',
  {
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id),
    userId: uuid('user_id').notNull(),
    version: integer('version').notNull(),
    acceptedAt: at('accepted_at').notNull().defaultNow(),
    ip: inet('ip'),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.userId, t.version] }), tenantIsolation()],
)

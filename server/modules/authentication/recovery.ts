import { randomInt } from 'node:crypto'
import { and, eq, gt, sql } from 'drizzle-orm'
import { v7 as uuidv7 } from 'uuid'
import { RESET_TOKEN_MINUTES } from '../../../src/contract/schemas/recovery'
import type { Tx } from '../../db/client'
import { passwordResets, securityAnswers } from '../../db/schema'
import { UnprocessableError, ValidationError } from '../../platform/errors'
import type { Lang } from '../../platform/language'
import { translate } from '../../platform/messages'
import { hashOpaqueToken, newOpaqueToken } from '../../platform/tokens'

/** Wrong codes or answers a reset survives before it is spent. */
export const MAX_RESET_ATTEMPTS = 5
/** Recoveries one account may start per window, so nobody floods a mailbox. */
export const MAX_RESETS_PER_WINDOW = 3

/** Answers compare without case, accents or extra spaces: "  José  Pérez" = "jose perez". */
export const normalizeAnswer = (answer: string) =>
  answer
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim()

/** Masks an address for display: "lucia.mendoza@demo.mx" → "l***a@demo.mx". */
export function maskEmail(email: string): string {
  const [local = '', domain = ''] = email.split('@')
  const shown = local.length <= 2 ? `${local.slice(0, 1)}***` : `${local[0]}***${local.at(-1)}`
  return domain ? `${shown}@${domain}` : shown
}

export const newResetCode = () => String(randomInt(0, 1_000_000)).padStart(6, '0')

export async function recentResets(tx: Tx, userId: string): Promise<number> {
  const since = new Date(Date.now() - RESET_TOKEN_MINUTES * 60_000).toISOString()
  const [row] = await tx
    .select({ count: sql<number>`count(*)::int` })
    .from(passwordResets)
    .where(and(eq(passwordResets.userId, userId), gt(passwordResets.createdAt, since)))
  return row?.count ?? 0
}

export async function startReset(
  tx: Tx,
  input: { tenantId: string; userId: string; type: 'code' | 'questions'; code: string | null; ip: string },
) {
  const token = newOpaqueToken()
  const expiresAt = new Date(Date.now() + RESET_TOKEN_MINUTES * 60_000).toISOString()
  await tx.insert(passwordResets).values({
    tenantId: input.tenantId,
    id: uuidv7(),
    userId: input.userId,
    tokenHash: token.hash,
    type: input.type,
    codeHash: input.code ? hashOpaqueToken(`${token.token}:${input.code}`) : null,
    expiresAt,
    ip: input.ip,
  })
  return { token: token.token, expiresAt }
}

/**
 * The live reset a token names, locked for this transaction. A token that was never issued, was
 * used, ran out of attempts or is past its 15 minutes all read as expired: the user starts over.
 */
export async function liveReset(tx: Tx, token: string, lang: Lang) {
  const [reset] = await tx
    .select()
    .from(passwordResets)
    .where(eq(passwordResets.tokenHash, hashOpaqueToken(token)))
    .for('update')
  const live =
    reset &&
    !reset.usedAt &&
    reset.failedAttempts < MAX_RESET_ATTEMPTS &&
    Date.parse(reset.expiresAt) > Date.now()
  if (!live) {
    throw new ValidationError({ password_reset_token: [translate('recovery.expired', lang)] })
  }
  return reset
}

export const codeMatches = (reset: { codeHash: string | null }, token: string, code: string) =>
  reset.codeHash !== null && reset.codeHash === hashOpaqueToken(`${token}:${code}`)

export async function countFailedAttempt(tx: Tx, resetId: string): Promise<void> {
  await tx
    .update(passwordResets)
    .set({ failedAttempts: sql`${passwordResets.failedAttempts} + 1` })
    .where(eq(passwordResets.id, resetId))
}

export async function questionsOf(tx: Tx, userId: string) {
  return tx
    .select()
    .from(securityAnswers)
    .where(eq(securityAnswers.userId, userId))
    .orderBy(securityAnswers.position)
}

export function assertRecoveryType(actual: string, expected: 'code' | 'questions'): void {
  if (actual !== expected) throw new UnprocessableError('recovery.expired')
}

import { and, eq, isNull } from 'drizzle-orm'
import { v7 as uuidv7 } from 'uuid'
import type { Tx } from '../../db/client'
import { LANDLORD_SCOPE, refreshTokens } from '../../db/schema'
import { hashOpaqueToken, newOpaqueToken, type TokenService } from '../../platform/tokens'

export interface IssuedTokens {
  accessToken: string
  refreshToken: string
  expiresIn: number
}

export interface SessionFlags {
  passwordExpired: boolean
  noticePending: boolean
}

/** A fresh access token and a refresh token in `familyId` (a new family at login). */
export async function issueTokens(
  tx: Tx,
  tokens: TokenService,
  who: { userId: string; tenantId: string | null },
  flags: SessionFlags,
  familyId: string = uuidv7(),
): Promise<IssuedTokens> {
  const refresh = newOpaqueToken()
  await tx.insert(refreshTokens).values({
    id: uuidv7(),
    tenantId: who.tenantId ?? LANDLORD_SCOPE,
    familyId,
    userId: who.userId,
    tokenHash: refresh.hash,
    expiresAt: new Date(Date.now() + tokens.refreshTokenDays * 86_400_000).toISOString(),
  })
  const accessToken = await tokens.signAccess({
    userId: who.userId,
    tenantId: who.tenantId,
    isLandlord: who.tenantId === null,
    isPasswordExpired: flags.passwordExpired,
    showNoticeOfPrivacy: flags.noticePending,
  })
  return { accessToken, refreshToken: refresh.token, expiresIn: tokens.accessTokenSeconds }
}

export type RefreshOutcome =
  | { kind: 'valid'; userId: string; familyId: string }
  | { kind: 'reused'; userId: string; familyId: string }
  | { kind: 'invalid' }

/**
 * Spends a refresh token: a live one is marked used (the caller issues the next in its family);
 * one already used or revoked means it leaked, so its whole family is revoked.
 */
export async function spendRefreshToken(tx: Tx, token: string): Promise<RefreshOutcome> {
  const [row] = await tx
    .select()
    .from(refreshTokens)
    .where(eq(refreshTokens.tokenHash, hashOpaqueToken(token)))
    .for('update')
  if (!row) return { kind: 'invalid' }
  if (row.usedAt || row.revokedAt) {
    await revokeFamily(tx, row.familyId)
    return { kind: 'reused', userId: row.userId, familyId: row.familyId }
  }
  if (Date.parse(row.expiresAt) <= Date.now()) return { kind: 'invalid' }
  await tx.update(refreshTokens).set({ usedAt: new Date().toISOString() }).where(eq(refreshTokens.id, row.id))
  return { kind: 'valid', userId: row.userId, familyId: row.familyId }
}

export async function revokeFamily(tx: Tx, familyId: string): Promise<void> {
  await tx
    .update(refreshTokens)
    .set({ revokedAt: new Date().toISOString() })
    .where(and(eq(refreshTokens.familyId, familyId), isNull(refreshTokens.revokedAt)))
}

/** Signs a user out everywhere (after a password change or reset). */
export async function revokeAllOf(tx: Tx, userId: string): Promise<void> {
  await tx
    .update(refreshTokens)
    .set({ revokedAt: new Date().toISOString() })
    .where(and(eq(refreshTokens.userId, userId), isNull(refreshTokens.revokedAt)))
}

/** The family and owner of a refresh token, for logout; null when unknown. */
export async function familyOf(tx: Tx, token: string): Promise<{ familyId: string; userId: string } | null> {
  const [row] = await tx
    .select({ familyId: refreshTokens.familyId, userId: refreshTokens.userId })
    .from(refreshTokens)
    .where(eq(refreshTokens.tokenHash, hashOpaqueToken(token)))
  return row ?? null
}

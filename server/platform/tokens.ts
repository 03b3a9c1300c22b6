import { createHash, createSecretKey, type KeyObject, randomBytes } from 'node:crypto'
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { jwtVerify, SignJWT } from 'jose'
import type { AccessTokenClaims } from '../../src/contract/schemas/session'
import type { Config } from '../config'

export interface AccessTokenInput {
  userId: string
  tenantId: string | null
  isLandlord: boolean
  isPasswordExpired: boolean
  showNoticeOfPrivacy: boolean
}

/** The claims the client reads, plus when the token was issued (seconds), for the server's checks. */
export type VerifiedClaims = AccessTokenClaims & { iat: number }

export interface TokenService {
  /** Seconds an access token lives. */
  readonly accessTokenSeconds: number
  readonly refreshTokenDays: number
  signAccess(input: AccessTokenInput): Promise<string>
  /** The claims of a valid, unexpired token; null for anything else. */
  verifyAccess(token: string): Promise<VerifiedClaims | null>
}

const ISSUER = 'salud-ocupacional'
const VERIFIED_CACHE_SIZE = 10_000

/**
 * The secret signing access tokens: from JWT_SECRET, or made once and kept in DATA_DIR so that
 * a development server's sessions survive a restart.
 */
function signingSecret(config: Config): KeyObject {
  // A KeyObject lets jose use node:crypto's HMAC directly, with no key import on every request.
  if (config.jwtSecret) return createSecretKey(Buffer.from(config.jwtSecret, 'utf8'))
  const file = join(config.dataDir, '.jwt-secret')
  if (!existsSync(file)) {
    mkdirSync(config.dataDir, { recursive: true })
    writeFileSync(file, randomBytes(48).toString('base64url'), { mode: 0o600 })
  }
  return createSecretKey(Buffer.from(readFileSync(file, 'utf8').trim(), 'utf8'))
}

/** JWT access tokens (HS256, DESIGN §6). */
export function createTokenService(config: Config): TokenService {
  const secret = signingSecret(config)
  const accessTokenSeconds = Math.round(config.accessTokenHours * 3600)
  // jose verifies through WebCrypto (~0.2 ms a token here); a device sends the same token for
  // hours, so a verified token's claims are kept until it expires.
  const verified = new Map<string, VerifiedClaims>()
  return {
    accessTokenSeconds,
    refreshTokenDays: config.refreshTokenDays,
    signAccess: (input) =>
      new SignJWT({
        tenant: input.tenantId,
        is_landlord: input.isLandlord,
        is_password_expired: input.isPasswordExpired,
        show_notice_of_privacy: input.showNoticeOfPrivacy,
      })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(input.userId)
        .setIssuer(ISSUER)
        .setIssuedAt()
        .setExpirationTime(`${accessTokenSeconds}s`)
        .sign(secret),
    async verifyAccess(token) {
      const known = verified.get(token)
      if (known) {
        if (known.exp * 1000 > Date.now()) return known
        verified.delete(token)
        return null
      }
      const claims = await verify(token)
      if (claims) {
        // Map keeps insertion order: past the bound, the oldest entry goes.
        if (verified.size >= VERIFIED_CACHE_SIZE) verified.delete(verified.keys().next().value as string)
        verified.set(token, claims)
      }
      return claims
    },
  }

  async function verify(token: string): Promise<VerifiedClaims | null> {
    try {
      const { payload } = await jwtVerify(token, secret, { issuer: ISSUER, algorithms: ['HS256'] })
      return {
        sub: String(payload.sub),
        tenant: typeof payload.tenant === 'string' ? payload.tenant : null,
        exp: Number(payload.exp),
        iat: Number(payload.iat ?? 0),
        is_landlord: payload.is_landlord === true,
        is_password_expired: payload.is_password_expired === true,
        show_notice_of_privacy: payload.show_notice_of_privacy === true,
      }
    } catch {
      return null
    }
  }
}

/** An opaque random token for the client, and the hash the database keeps instead. */
export function newOpaqueToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url')
  return { token, hash: hashOpaqueToken(token) }
}

export const hashOpaqueToken = (token: string) => createHash('sha256').update(token).digest('hex')

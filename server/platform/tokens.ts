import { createHash, randomBytes } from 'node:crypto'
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

export interface TokenService {
  /** Seconds an access token lives. */
  readonly accessTokenSeconds: number
  readonly refreshTokenDays: number
  signAccess(input: AccessTokenInput): Promise<string>
  /** The claims of a valid, unexpired token; null for anything else. */
  verifyAccess(token: string): Promise<AccessTokenClaims | null>
}

const ISSUER = 'salud-ocupacional'

/**
 * The secret signing access tokens: from JWT_SECRET, or made once and kept in DATA_DIR so that
 * a development server's sessions survive a restart.
 */
function signingSecret(config: Config): Uint8Array {
  if (config.jwtSecret) return new TextEncoder().encode(config.jwtSecret)
  const file = join(config.dataDir, '.jwt-secret')
  if (!existsSync(file)) {
    mkdirSync(config.dataDir, { recursive: true })
    writeFileSync(file, randomBytes(48).toString('base64url'), { mode: 0o600 })
  }
  return new TextEncoder().encode(readFileSync(file, 'utf8').trim())
}

/** JWT access tokens (HS256, DESIGN §6). */
export function createTokenService(config: Config): TokenService {
  const secret = signingSecret(config)
  const accessTokenSeconds = Math.round(config.accessTokenHours * 3600)
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
      try {
        const { payload } = await jwtVerify(token, secret, { issuer: ISSUER, algorithms: ['HS256'] })
        return {
          sub: String(payload.sub),
          tenant: typeof payload.tenant === 'string' ? payload.tenant : null,
          exp: Number(payload.exp),
          is_landlord: payload.is_landlord === true,
          is_password_expired: payload.is_password_expired === true,
          show_notice_of_privacy: payload.show_notice_of_privacy === true,
        }
      } catch {
        return null
      }
    },
  }
}

/** An opaque random token for the client, and the hash the database keeps instead. */
export function newOpaqueToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url')
  return { token, hash: hashOpaqueToken(token) }
}

export const hashOpaqueToken = (token: string) => createHash('sha256').update(token).digest('hex')

import type { FastifyInstance, FastifyRequest } from 'fastify'
import {
  hasSsoConfigured,
  login,
  logout,
  refreshToken,
  validateUsername,
} from '../../../src/contract/endpoints/authentication'
import type { Tx } from '../../db/client'
import { recordAudit } from '../../platform/audit'
import { TooManyRequestsError, UnauthenticatedError } from '../../platform/errors'
import { hashPassword, verifyPassword } from '../../platform/passwords'
import { route } from '../../platform/route'
import type { ModuleDeps } from '../deps'
import {
  type Account,
  findAccount,
  findAccountById,
  isPasswordExpired,
  noticePending,
  routeRedirect,
  sessionUser,
} from './accounts'
import { authRateLimit } from './rate-limit'
import { inScope } from './scope'
import { familyOf, issueTokens, revokeFamily, spendRefreshToken } from './sessions'
import { clearFailures, takeAttempt } from './throttle'

// Verifying against this when no account matches keeps a wrong username as slow as a wrong password.
let decoyHash: Promise<string> | undefined
const decoy = () => {
  decoyHash ??= hashPassword('decoy password that matches nothing')
  return decoyHash
}

/** Audit entries need a tenant: the landlord's sign-ins go to the log instead. */
async function auditAuth(
  tx: Tx,
  req: FastifyRequest,
  actorId: string | null,
  action: string,
  details?: Record<string, unknown>,
) {
  if (!req.tenant) {
    req.log.info({ actorId, action, ...details }, 'landlord auth event')
    return
  }
  await recordAudit(tx, {
    tenantId: req.tenant.id,
    actorId,
    action,
    entity: 'session',
    entityId: actorId,
    ip: req.ip,
    userAgent: req.headers['user-agent'] ?? null,
    details,
  })
}

async function flagsOf(tx: Tx, req: FastifyRequest, account: Account) {
  return {
    passwordExpired: isPasswordExpired(account, req.tenant?.passwordExpiryMonths ?? 0),
    noticePending: req.tenant ? await noticePending(tx, req.tenant.id, account.id) : false,
  }
}

export async function loginRoutes(app: FastifyInstance, deps: ModuleDeps) {
  const { db } = deps.database
  const tenantOf = (req: FastifyRequest) => req.tenant?.id ?? null
  const limited = authRateLimit(deps.config)

  // A host reaches exactly one business (tenancy by host), so a username never needs one.
  route(app, validateUsername, async () => ({ ask_business_name: false }), limited)

  route(
    app,
    login,
    async ({ body }, req) => {
      const tenantId = tenantOf(req)
      const username = body.username
      // The attempt counts as a failure until the password proves right (see takeAttempt).
      const minutes = await inScope(db, tenantId, (tx) => takeAttempt(tx, tenantId, username))
      if (minutes > 0) throw new TooManyRequestsError('auth.locked', { minutes })

      const account = await inScope(db, tenantId, (tx) => findAccount(tx, tenantId, username))
      const passwordOk = account?.active
        ? await verifyPassword(account.passwordHash, body.password)
        : await verifyPassword(await decoy(), body.password).then(() => false)

      if (!account || !passwordOk) {
        await inScope(db, tenantId, (tx) =>
          auditAuth(tx, req, account?.id ?? null, 'login.failed', { username }),
        )
        throw new UnauthenticatedError('auth.invalidCredentials')
      }

      return inScope(db, tenantId, async (tx) => {
        await clearFailures(tx, tenantId, username)
        const flags = await flagsOf(tx, req, account)
        const user = await sessionUser(tx, account)
        const tokens = await issueTokens(tx, deps.tokens, { userId: account.id, tenantId }, flags)
        await auditAuth(tx, req, account.id, 'login')
        return {
          ...tokens,
          route_redirect: routeRedirect(user, { ...flags, isLandlord: tenantId === null }),
          date: new Date().toISOString(),
          user,
          host: req.hostname.replace(/:\d+$/, ''),
          is_landlord: tenantId === null,
        }
      })
    },
    limited,
  )

  route(app, hasSsoConfigured, async () => ({ has_sso_configured: false, sso_url: null }))

  route(
    app,
    refreshToken,
    async ({ body }, req) => {
      const tenantId = tenantOf(req)
      const outcome = await inScope(db, tenantId, async (tx) => {
        const spent = await spendRefreshToken(tx, body.refreshToken)
        if (spent.kind === 'reused')
          await auditAuth(tx, req, spent.userId, 'refresh.reused', { familyId: spent.familyId })
        if (spent.kind !== 'valid') return null
        const account = await findAccountById(tx, tenantId, spent.userId)
        if (!account?.active) {
          await revokeFamily(tx, spent.familyId)
          return null
        }
        const flags = await flagsOf(tx, req, account)
        return issueTokens(tx, deps.tokens, { userId: account.id, tenantId }, flags, spent.familyId)
      })
      if (!outcome) throw new UnauthenticatedError('auth.refreshMissing')
      return { token: outcome }
    },
    limited,
  )

  route(app, logout, async ({ body }, req) => {
    const tenantId = tenantOf(req)
    if (body.refreshToken) {
      const token = body.refreshToken
      await inScope(db, tenantId, async (tx) => {
        const family = await familyOf(tx, token)
        if (family) await revokeFamily(tx, family.familyId)
        // The token's owner signs out, whether or not the access token is still valid.
        await auditAuth(tx, req, family?.userId ?? req.user?.id ?? null, 'logout')
      })
    }
    return null
  })
}

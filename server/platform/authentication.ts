import { and, eq, isNull } from 'drizzle-orm'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'
import { LANDLORD_ONLY_PERMISSIONS, PATIENT_MODE_PERMISSIONS } from '../../src/contract/rules/permissions'
import { type Db, withTenant } from '../db/client'
import { landlordUsers, rolePermissions, users } from '../db/schema'
import type { TokenService } from './tokens'

/** What the provider's own users may do on the landlord host. */
export const LANDLORD_PERMISSIONS: ReadonlySet<string> = new Set([
  'clients-index',
  'clients-create',
  'clients-edit',
  ...LANDLORD_ONLY_PERMISSIONS,
])

interface Account {
  active: boolean
  permissions: ReadonlySet<string>
  /** Epoch ms of the last password change: tokens issued before it no longer count. */
  passwordChangedAt: number
}

const CACHE_MS = 30_000
const BEARER = /^bearer\s+(\S+)\s*$/i

/**
 * Who may still act and with which permissions, kept for a few seconds per user so that a read
 * costs no extra query. A role or user edit forgets the tenant's entries at once on this node
 * (other nodes follow within CACHE_MS).
 */
export function accountCache(db: Db) {
  const entries = new Map<string, { account: Account | null; until: number }>()

  async function load(tenantId: string | null, userId: string): Promise<Account | null> {
    if (tenantId === null) {
      // The provider's accounts keep no password date; their last update stands for it (as at login).
      const [row] = await db
        .select({ active: landlordUsers.active, updatedAt: landlordUsers.updatedAt })
        .from(landlordUsers)
        .where(eq(landlordUsers.id, userId))
      return row
        ? {
            active: row.active,
            permissions: LANDLORD_PERMISSIONS,
            passwordChangedAt: Date.parse(row.updatedAt),
          }
        : null
    }
    return withTenant(db, tenantId, async (tx) => {
      const [row] = await tx
        .select({
          active: users.active,
          roleId: users.roleId,
          patientId: users.patientId,
          passwordChangedAt: users.passwordChangedAt,
        })
        .from(users)
        .where(and(eq(users.id, userId), isNull(users.deletedAt)))
      if (!row) return null
      const granted = row.roleId
        ? await tx
            .select({ permission: rolePermissions.permission })
            .from(rolePermissions)
            .where(eq(rolePermissions.roleId, row.roleId))
        : []
      const permissions = new Set(granted.map((g) => g.permission))
      if (row.patientId) for (const p of PATIENT_MODE_PERMISSIONS) permissions.add(p)
      return { active: row.active, permissions, passwordChangedAt: Date.parse(row.passwordChangedAt) }
    })
  }

  return {
    async get(tenantId: string | null, userId: string): Promise<Account | null> {
      const key = `${tenantId ?? 'landlord'}:${userId}`
      const cached = entries.get(key)
      if (cached && cached.until > Date.now()) return cached.account
      const account = await load(tenantId, userId)
      entries.set(key, { account, until: Date.now() + CACHE_MS })
      return account
    },
    forgetTenant(tenantId: string | null) {
      const prefix = `${tenantId ?? 'landlord'}:`
      for (const key of entries.keys()) if (key.startsWith(prefix)) entries.delete(key)
    },
  }
}
export type AccountCache = ReturnType<typeof accountCache>

declare module 'fastify' {
  interface FastifyInstance {
    accounts: AccountCache
  }
}

/**
 * Sets `req.user` from a valid bearer token issued for this very host (a token of another
 * tenant, or of the landlord, is ignored here and so refused by the access check). A bad or
 * expired token leaves the request anonymous: public calls still answer, the rest get 401.
 */
export const authentication = fp(async (app: FastifyInstance, opts: { db: Db; tokens: TokenService }) => {
  const accounts = accountCache(opts.db)
  app.decorate('accounts', accounts)

  app.addHook('onRequest', async (req: FastifyRequest) => {
    // The scheme is case-insensitive (RFC 9110 §11.1): "bearer" names the same token.
    const token = BEARER.exec(req.headers.authorization ?? '')?.[1]
    if (!token) return
    const claims = await opts.tokens.verifyAccess(token)
    if (!claims) return
    const hostTenant = req.tenant?.id ?? null
    if (claims.is_landlord !== req.isLandlord || claims.tenant !== hostTenant) return
    const account = await accounts.get(claims.tenant, claims.sub)
    if (!account?.active) return
    // A password change or reset signs the user out everywhere, access tokens included.
    if (claims.iat < Math.floor(account.passwordChangedAt / 1000)) return
    req.user = {
      id: claims.sub,
      tenantId: claims.tenant,
      isLandlord: claims.is_landlord,
      permissions: account.permissions,
      passwordExpired: claims.is_password_expired,
    }
  })
})

import { eq } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { updatePassword } from '../../../src/contract/endpoints/authentication'
import { landlordUsers, users } from '../../db/schema'
import { recordAudit } from '../../platform/audit'
import { UnauthenticatedError, ValidationError } from '../../platform/errors'
import { translate } from '../../platform/messages'
import { hashPassword, verifyPassword } from '../../platform/passwords'
import { route } from '../../platform/route'
import type { ModuleDeps } from '../deps'
import { findAccountById } from './accounts'
import { authRateLimit } from './rate-limit'
import { inScope } from './scope'
import { revokeAllOf } from './sessions'

/**
 * `update-password`: the signed-in user (an expired password included) sets a new one. All the
 * user's sessions end, this one too: SPEC §8 sends the user back to login after the success.
 */
export async function passwordRoutes(app: FastifyInstance, deps: ModuleDeps) {
  const { db } = deps.database
  route(
    app,
    updatePassword,
    async ({ body }, req) => {
      const me = req.user
      if (!me) throw new UnauthenticatedError()
      const account = await inScope(db, me.tenantId, (tx) => findAccountById(tx, me.tenantId, me.id))
      if (!account) throw new UnauthenticatedError()
      if (!(await verifyPassword(account.passwordHash, body.current_password))) {
        throw new ValidationError({ current_password: [translate('auth.wrongCurrentPassword', req.lang)] })
      }
      if (await verifyPassword(account.passwordHash, body.password)) {
        throw new ValidationError({ password: [translate('password.reused', req.lang)] })
      }
      const passwordHash = await hashPassword(body.password)
      const now = new Date().toISOString()
      await inScope(db, me.tenantId, async (tx) => {
        if (me.tenantId === null) {
          await tx
            .update(landlordUsers)
            .set({ passwordHash, updatedAt: now })
            .where(eq(landlordUsers.id, me.id))
        } else {
          await tx
            .update(users)
            .set({ passwordHash, passwordChangedAt: now, mustChangePassword: false, updatedAt: now })
            .where(eq(users.id, me.id))
          await recordAudit(tx, {
            tenantId: me.tenantId,
            actorId: me.id,
            action: 'password.update',
            entity: 'user',
            entityId: me.id,
            ip: req.ip,
            userAgent: req.headers['user-agent'] ?? null,
          })
        }
        await revokeAllOf(tx, me.id)
      })
      // The cached account still holds the old password date; its older access tokens end now.
      app.accounts.forgetTenant(me.tenantId)
      return { message: translate('password.updated', req.lang) }
    },
    authRateLimit(deps.config),
  )
}

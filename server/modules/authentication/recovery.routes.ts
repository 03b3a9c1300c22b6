import { and, eq, isNull } from 'drizzle-orm'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import {
  getSecurityQuestions,
  recoverPassword,
  resetPassword,
  resetPasswordWithoutCode,
  validateSecurityQuestions,
} from '../../../src/contract/endpoints/authentication'
import { RESET_TOKEN_MINUTES, SECURITY_QUESTION_COUNT } from '../../../src/contract/schemas/recovery'
import { type Tx, withTenant } from '../../db/client'
import { passwordResets, users } from '../../db/schema'
import { recordAudit } from '../../platform/audit'
import { NotFoundError, ValidationError } from '../../platform/errors'
import { translate } from '../../platform/messages'
import { hashPassword, verifyPassword } from '../../platform/passwords'
import { route } from '../../platform/route'
import { newOpaqueToken } from '../../platform/tokens'
import type { ModuleDeps } from '../deps'
import { findAccount } from './accounts'
import { authRateLimit } from './rate-limit'
import {
  assertRecoveryType,
  codeMatches,
  countFailedAttempt,
  liveReset,
  MAX_RESETS_PER_WINDOW,
  maskEmail,
  newResetCode,
  normalizeAnswer,
  questionsOf,
  recentResets,
  startReset,
} from './recovery'
import { revokeAllOf } from './sessions'
import { clearFailures } from './throttle'

/**
 * Password recovery (SPEC §4): by a 6-digit code e-mailed to the user, or by three security
 * questions. Unknown usernames get an answer of the same shape (a decoy token that never
 * works), so the call never tells who has an account.
 */
export async function recoveryRoutes(app: FastifyInstance, deps: ModuleDeps) {
  const { db } = deps.database
  const limited = authRateLimit(deps.config)

  const tenantOf = (req: FastifyRequest) => {
    // Provider accounts recover through the provider's support, not this flow.
    if (!req.tenant) throw new NotFoundError()
    return req.tenant
  }
  const audit = (tx: Tx, req: FastifyRequest, userId: string, action: string) =>
    recordAudit(tx, {
      tenantId: tenantOf(req).id,
      actorId: userId,
      action,
      entity: 'user',
      entityId: userId,
      ip: req.ip,
      userAgent: req.headers['user-agent'] ?? null,
    })

  route(
    app,
    recoverPassword,
    async ({ body }, req) => {
      const tenant = tenantOf(req)
      const decoy = () => ({
        type: 'code' as const,
        data_identificator: maskEmail(body.username.includes('@') ? body.username : `${body.username}@***`),
        password_reset_token: newOpaqueToken().token,
        security_questions_available: false,
        expires_at: new Date(Date.now() + RESET_TOKEN_MINUTES * 60_000).toISOString(),
      })
      const outcome = await withTenant(db, tenant.id, async (tx) => {
        const account = await findAccount(tx, tenant.id, body.username)
        if (!account?.active) return null
        if ((await recentResets(tx, account.id)) >= MAX_RESETS_PER_WINDOW) return null
        const questions = await questionsOf(tx, account.id)
        const questionsAvailable = questions.length === SECURITY_QUESTION_COUNT
        const type: 'code' | 'questions' =
          body.type === 'questions' && questionsAvailable ? 'questions' : 'code'
        const code = type === 'code' ? newResetCode() : null
        const reset = await startReset(tx, {
          tenantId: tenant.id,
          userId: account.id,
          type,
          code,
          ip: req.ip,
        })
        await audit(tx, req, account.id, `password.recovery-${type}`)
        return { account, type, code, reset, questionsAvailable }
      })
      if (!outcome) return decoy()
      if (outcome.code) {
        const values = { clinic: tenant.tradeName, code: outcome.code, minutes: RESET_TOKEN_MINUTES }
        await deps.mailer.send({
          to: outcome.account.email,
          subject: translate('recovery.mailSubject', req.lang),
          text: translate('recovery.mailBody', req.lang, values),
        })
      }
      return {
        type: outcome.type,
        data_identificator: maskEmail(outcome.account.email),
        password_reset_token: outcome.reset.token,
        security_questions_available: outcome.questionsAvailable,
        expires_at: outcome.reset.expiresAt,
      }
    },
    limited,
  )

  /**
   * Sets the new password, spends the user’s open resets, signs the user out everywhere (refresh
   * tokens here; access tokens by their issue date, once the caller forgets the cached account).
   */
  async function finishReset(
    tx: Tx,
    req: FastifyRequest,
    reset: { id: string; userId: string },
    password: string,
  ) {
    const passwordHash = await hashPassword(password)
    const now = new Date().toISOString()
    const [user] = await tx
      .update(users)
      .set({ passwordHash, passwordChangedAt: now, mustChangePassword: false, updatedAt: now })
      .where(eq(users.id, reset.userId))
      .returning({ email: users.email, employeeNumber: users.employeeNumber })
    // This recovery and any other still open for the user: a code mailed earlier must not undo this.
    await tx
      .update(passwordResets)
      .set({ usedAt: now })
      .where(and(eq(passwordResets.userId, reset.userId), isNull(passwordResets.usedAt)))
    await revokeAllOf(tx, reset.userId)
    const tenantId = tenantOf(req).id
    if (user) {
      await clearFailures(tx, tenantId, user.email)
      if (user.employeeNumber) await clearFailures(tx, tenantId, user.employeeNumber.toLowerCase())
    }
    await audit(tx, req, reset.userId, 'password.reset')
  }

  route(
    app,
    resetPassword,
    async ({ body }, req) => {
      const tenant = tenantOf(req)
      // Counting a wrong code must survive the answer, so it commits on its own.
      const wrongCode = await withTenant(db, tenant.id, async (tx) => {
        const reset = await liveReset(tx, body.password_reset_token, req.lang)
        assertRecoveryType(reset.type, 'code')
        if (!codeMatches(reset, body.password_reset_token, body.code)) {
          await countFailedAttempt(tx, reset.id)
          return true
        }
        await finishReset(tx, req, reset, body.password)
        return false
      })
      if (wrongCode) throw new ValidationError({ code: [translate('recovery.wrongCode', req.lang)] })
      app.accounts.forgetTenant(tenant.id)
      return { message: translate('password.updated', req.lang) }
    },
    limited,
  )

  route(
    app,
    getSecurityQuestions,
    async ({ body }, req) => {
      const tenant = tenantOf(req)
      return withTenant(db, tenant.id, async (tx) => {
        const reset = await liveReset(tx, body.password_reset_token, req.lang)
        assertRecoveryType(reset.type, 'questions')
        const questions = await questionsOf(tx, reset.userId)
        return { questions: questions.map((q) => ({ id: q.position, question: q.question })), lang: req.lang }
      })
    },
    limited,
  )

  route(
    app,
    validateSecurityQuestions,
    async ({ body }, req) => {
      const tenant = tenantOf(req)
      const passed = await withTenant(db, tenant.id, async (tx) => {
        const reset = await liveReset(tx, body.password_reset_token, req.lang)
        assertRecoveryType(reset.type, 'questions')
        const stored = await questionsOf(tx, reset.userId)
        const checks = await Promise.all(
          stored.map((q) => {
            const given = body.questions.find((a) => a.id === q.position)
            return given ? verifyPassword(q.answerHash, normalizeAnswer(given.answer)) : false
          }),
        )
        const allRight = stored.length === SECURITY_QUESTION_COUNT && checks.every(Boolean)
        if (!allRight) {
          await countFailedAttempt(tx, reset.id)
          return false
        }
        await tx
          .update(passwordResets)
          .set({ questionsPassedAt: new Date().toISOString() })
          .where(eq(passwordResets.id, reset.id))
        return true
      })
      if (!passed) throw new ValidationError({ questions: [translate('recovery.wrongAnswers', req.lang)] })
      return null
    },
    limited,
  )

  route(
    app,
    resetPasswordWithoutCode,
    async ({ body }, req) => {
      const tenant = tenantOf(req)
      await withTenant(db, tenant.id, async (tx) => {
        const reset = await liveReset(tx, body.password_reset_token, req.lang)
        assertRecoveryType(reset.type, 'questions')
        if (!reset.questionsPassedAt)
          throw new ValidationError({ questions: [translate('recovery.wrongAnswers', req.lang)] })
        await finishReset(tx, req, reset, body.password)
      })
      app.accounts.forgetTenant(tenant.id)
      return { message: translate('password.updated', req.lang) }
    },
    limited,
  )
}

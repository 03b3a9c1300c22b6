import { eq } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { deleteProfilePhoto, editProfile, showProfile } from '../../../src/contract/endpoints/profile'
import type { EditProfileRequest, Profile } from '../../../src/contract/schemas/profile'
import type { Config } from '../../config'
import type { Tx } from '../../db/client'
import { securityAnswers, users } from '../../db/schema'
import { NotFoundError, ValidationError } from '../../platform/errors'
import type { Lang } from '../../platform/language'
import { translate } from '../../platform/messages'
import { hashPassword, verifyPassword } from '../../platform/passwords'
import { route } from '../../platform/route'
import { authRateLimit } from '../authentication/rate-limit'
import { normalizeAnswer, questionsOf } from '../authentication/recovery'
import { revokeAllOf } from '../authentication/sessions'
import { callerIdOf, tenantIdOf } from './tenant-scope'
import { findUser } from './users'

async function profileOf(tx: Tx, userId: string): Promise<Profile> {
  const user = await findUser(tx, userId)
  const questions = await questionsOf(tx, userId)
  return { ...user, security_questions: questions.map((q) => q.question) }
}

/**
 * The new password's hash, once the current one is proven; null when the form changes no
 * password. The schema already required `current_password` beside a new password.
 */
async function newPasswordHash(
  storedHash: string,
  body: EditProfileRequest,
  lang: Lang,
): Promise<string | null> {
  if (body.password === undefined) return null
  if (!(await verifyPassword(storedHash, body.current_password ?? ''))) {
    throw new ValidationError({ current_password: [translate('auth.wrongCurrentPassword', lang)] })
  }
  if (await verifyPassword(storedHash, body.password)) {
    throw new ValidationError({ password: [translate('password.reused', lang)] })
  }
  return hashPassword(body.password)
}

/** The signed-in user's own profile: names, phone, password and security questions. */
export async function profileRoutes(
  app: FastifyInstance,
  opts: { config: Pick<Config, 'authRateLimitMax'> },
) {
  route(app, showProfile, async (_input, req) => {
    const userId = callerIdOf(req)
    return req.withTenant((tx) => profileOf(tx, userId))
  })

  route(
    app,
    editProfile,
    async ({ body }, req) => {
      const tenantId = tenantIdOf(req)
      const userId = callerIdOf(req)
      const [stored] = await req.withTenant((tx) =>
        tx.select({ passwordHash: users.passwordHash }).from(users).where(eq(users.id, userId)),
      )
      if (!stored) throw new NotFoundError()
      // argon2 is slow on purpose: verify and hash before the write transaction opens.
      const passwordHash = await newPasswordHash(stored.passwordHash, body, req.lang)
      const answers = body.questions
        ? await Promise.all(
            body.questions.map(async ({ question, answer }, index) => ({
              tenantId,
              userId,
              position: index + 1,
              question,
              answerHash: await hashPassword(normalizeAnswer(answer)),
            })),
          )
        : null

      return req.withTenant(async (tx) => {
        const now = new Date().toISOString()
        await tx
          .update(users)
          .set({
            name: body.name,
            lastName: body.last_name,
            secondLastName: body.second_last_name,
            phone: body.phone,
            updatedAt: now,
            ...(passwordHash && { passwordHash, passwordChangedAt: now }),
          })
          .where(eq(users.id, userId))
        if (answers) {
          await tx.delete(securityAnswers).where(eq(securityAnswers.userId, userId))
          await tx.insert(securityAnswers).values(answers)
        }
        // As with update-password: a new password ends every session, a stolen one included.
        if (passwordHash) await revokeAllOf(tx, userId)
        await req.audit(tx, {
          action: 'profile.update',
          entity: 'user',
          entityId: userId,
          details: { password_changed: passwordHash !== null, security_questions_changed: answers !== null },
        })
        return profileOf(tx, userId)
      })
    },
    // The current password is checked here, so this call is a place to guess it.
    authRateLimit(opts.config),
  )

  route(app, deleteProfilePhoto, async ({ params }, req) => {
    // Only one's own photo: another user's id reads as not found.
    if (params.id !== callerIdOf(req)) throw new NotFoundError()
    await req.withTenant(async (tx) => {
      const user = await findUser(tx, params.id)
      await tx
        .update(users)
        .set({ photo: null, updatedAt: new Date().toISOString() })
        .where(eq(users.id, user.id))
      await req.audit(tx, { action: 'profile.photo.delete', entity: 'user', entityId: user.id })
    })
    return null
  })
}

import type { FastifyInstance, FastifyRequest } from 'fastify'
import { acceptPrivacyNotice, getPrivacyNotice } from '../../../src/contract/endpoints/authentication'
import { privacyAcceptances } from '../../db/schema'
import { NotFoundError, UnprocessableError } from '../../platform/errors'
import { route } from '../../platform/route'
import { currentNotice, noticePending } from './accounts'

/** The privacy notice (LFPDPPP): the tenant's current text, and the user's acceptance of it. */
export async function noticeRoutes(app: FastifyInstance) {
  const me = (req: FastifyRequest) => {
    if (!req.user || !req.tenant) throw new NotFoundError()
    return req.user
  }

  route(app, getPrivacyNotice, async (_input, req) => {
    const user = me(req)
    return req.withTenant(async (tx) => {
      const notice = await currentNotice(tx, user.tenantId as string)
      if (!notice) throw new NotFoundError()
      const pending = await noticePending(tx, user.tenantId as string, user.id)
      return {
        version: notice.version,
        text: req.lang === 'en' ? notice.textEn : notice.textEs,
        published_at: notice.publishedAt,
        accepted: !pending,
      }
    })
  })

  route(app, acceptPrivacyNotice, async ({ body }, req) => {
    const user = me(req)
    await req.withTenant(async (tx) => {
      const notice = await currentNotice(tx, user.tenantId as string)
      if (!notice) throw new NotFoundError()
      if (notice.version !== body.version) throw new UnprocessableError('notice.outdated')
      await tx
        .insert(privacyAcceptances)
        .values({ tenantId: user.tenantId as string, userId: user.id, version: notice.version, ip: req.ip })
        .onConflictDoNothing()
      await req.audit(tx, {
        action: 'privacy-notice.accept',
        entity: 'user',
        entityId: user.id,
        details: { version: notice.version },
      })
    })
    return null
  })
}

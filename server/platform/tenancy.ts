import { eq } from 'drizzle-orm'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'
import type { Config } from '../config'
import type { Db } from '../db/client'
import { tenants } from '../db/schema'
import { failure } from './envelope'
import { languageOf } from './language'
import { translate } from './messages'
import type { TenantContext } from './request'

export type HostResolution =
  | { kind: 'tenant'; tenant: TenantContext }
  | { kind: 'landlord' }
  | { kind: 'unknown' }

const CACHE_MS = 30_000

/**
 * Finds who a host belongs to: `<slug>.<BASE_DOMAIN>`, a tenant's custom host, or the landlord.
 * Every request asks, so answers are kept for a few seconds.
 */
export function hostResolver(db: Db, config: Pick<Config, 'baseDomain' | 'landlordHost'>) {
  const cache = new Map<string, { value: HostResolution; until: number }>()
  const suffix = `.${config.baseDomain}`

  async function lookUp(host: string): Promise<HostResolution> {
    if (host === config.landlordHost) return { kind: 'landlord' }
    const slug = host.endsWith(suffix) ? host.slice(0, -suffix.length) : null
    const condition = slug && !slug.includes('.') ? eq(tenants.slug, slug) : eq(tenants.customHost, host)
    const [row] = await db.select().from(tenants).where(condition).limit(1)
    if (!row?.active) return { kind: 'unknown' }
    return {
      kind: 'tenant',
      tenant: {
        id: row.id,
        slug: row.slug,
        tradeName: row.tradeName,
        businessName: row.businessName,
        logoUrl: row.logoUrl,
        primaryColor: row.primaryColor,
        passwordExpiryMonths: row.passwordExpiryMonths,
        availableAdministrativeStatuses: row.availableAdministrativeStatuses,
        disabledInputs: row.disabledInputs,
        address: {
          street: row.addressStreet,
          city: row.addressCity,
          state: row.addressState,
          postal_code: row.addressPostalCode,
          phone: row.phone,
        },
        employerRegistration: row.employerRegistration,
      },
    }
  }

  return async function resolve(rawHost: string): Promise<HostResolution> {
    const host = rawHost.toLowerCase().replace(/:\d+$/, '').replace(/\.$/, '')
    const cached = cache.get(host)
    if (cached && cached.until > Date.now()) return cached.value
    const value = await lookUp(host)
    cache.set(host, { value, until: Date.now() + CACHE_MS })
    return value
  }
}

/** Paths that answer on any host: load balancers probe them before any tenant exists. */
const HOSTLESS_PATHS = new Set(['/api/health'])

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string,
  )

function unknownHostPage(host: string, lang: 'es' | 'en'): string {
  const title = lang === 'en' ? 'Clinic not found' : 'Clínica no encontrada'
  return `<!doctype html>
<html lang="${lang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title}</title>
<style>body{font-family:system-ui,sans-serif;margin:0;display:grid;place-items:center;min-height:100vh;background:#f4f7f8;color:#17323a}
main{max-width:32rem;padding:2rem;text-align:center}h1{font-size:1.6rem}code{background:#e3ecef;padding:.1rem .4rem;border-radius:4px}</style>
</head><body><main><h1>${title}</h1><p>${escapeHtml(translate('error.tenantNotFound', lang))}</p>
<p><code>${escapeHtml(host)}</code></p></main></body></html>`
}

/** Resolves the tenant of every request from its host; an unknown host ends in a clear 404. */
export const tenancy = fp(async (app: FastifyInstance, opts: { db: Db; config: Config }) => {
  const resolve = hostResolver(opts.db, opts.config)
  app.decorateRequest('tenant', null)
  app.decorateRequest('isLandlord', false)
  app.decorateRequest('lang', 'es')

  app.addHook('onRequest', async (req: FastifyRequest, reply: FastifyReply) => {
    req.lang = languageOf(req.headers['accept-language'])
    if (HOSTLESS_PATHS.has(req.url.split('?')[0] ?? '')) return
    const resolution = await resolve(req.hostname)
    if (resolution.kind === 'tenant') {
      req.tenant = resolution.tenant
      return
    }
    if (resolution.kind === 'landlord') {
      req.isLandlord = true
      return
    }
    if (req.url.startsWith('/api/')) {
      return reply.code(404).send(failure(translate('error.tenantNotFound', req.lang)))
    }
    return reply.code(404).type('text/html; charset=utf-8').send(unknownHostPage(req.hostname, req.lang))
  })
})

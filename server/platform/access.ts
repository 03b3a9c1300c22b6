import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify'
import fp from 'fastify-plugin'
import type { Endpoint } from '../../src/contract/endpoints/define'
import { ForbiddenError, UnauthenticatedError } from './errors'

export interface DeclaredRoute {
  method: string
  url: string
  access: string | readonly string[] | undefined
  /** The contract endpoint the route serves: its schemas describe what the route accepts. */
  endpoint?: Endpoint
}

/**
 * Every API route declares who may call it (`config.access`); a route without a declaration
 * stops the server from starting. The declaration is enforced after every onRequest hook (so
 * after tenancy and authentication) and before the body is read or validated: public passes,
 * anything else needs a signed-in user, and a permission name needs that permission (of several
 * names, any one of them).
 */
export const access = fp(async (app: FastifyInstance, opts: { routes: DeclaredRoute[] }) => {
  app.decorateRequest('user', null)

  app.addHook('onRoute', (route: RouteOptions) => {
    if (!route.url.startsWith('/api/')) return
    const declared = route.config?.access
    if (typeof declared !== 'string' && !(Array.isArray(declared) && declared.length > 0)) {
      throw new Error(`Route ${String(route.method)} ${route.url} declares no access (config.access)`)
    }
    const endpoint = route.config?.endpoint
    for (const method of [route.method].flat()) {
      if (method !== 'HEAD') {
        opts.routes.push({ method, url: route.url, access: declared, ...(endpoint && { endpoint }) })
      }
    }
  })

  app.addHook('preParsing', async (req: FastifyRequest, _reply, payload) => {
    const declared = req.routeOptions.config.access
    if (declared !== undefined && declared !== 'public') {
      if (!req.user) throw new UnauthenticatedError()
      if (declared !== 'authenticated') {
        // Until an expired password is changed, only `authenticated` calls (changing it) answer.
        if (req.user.passwordExpired) throw new ForbiddenError('error.passwordExpired')
        const { permissions } = req.user
        const held =
          typeof declared === 'string'
            ? permissions.has(declared)
            : declared.some((permission) => permissions.has(permission))
        if (!held) throw new ForbiddenError()
      }
    }
    return payload
  })
})

import type { FastifyInstance } from 'fastify'
import type { ModuleDeps } from '../deps'
import { loginRoutes } from './login.routes'
import { noticeRoutes } from './notice.routes'
import { passwordRoutes } from './password.routes'
import { recoveryRoutes } from './recovery.routes'

/** `/api/authentication`: sign-in, sessions, recovery, password change, privacy notice. */
export async function authenticationModule(app: FastifyInstance, deps: ModuleDeps) {
  await app.register(loginRoutes, deps)
  await app.register(recoveryRoutes, deps)
  await app.register(passwordRoutes, deps)
  await app.register(noticeRoutes)
}

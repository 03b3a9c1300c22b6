import compress from '@fastify/compress'
import multipart from '@fastify/multipart'
import rateLimit from '@fastify/rate-limit'
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify'
import type { Config } from './config'
import { type Database, withTenant } from './db/client'
import { MODULES } from './modules/index'
import type { FileOwnerRegistry } from './modules/operation/attachments.routes'
import { access, type DeclaredRoute } from './platform/access'
import { auditing } from './platform/audit'
import { authentication } from './platform/authentication'
import { failure } from './platform/envelope'
import { answerFrameworkError, installErrorHandler } from './platform/error-handler'
import { NotFoundError } from './platform/errors'
import { diskFileStore, type FileStore } from './platform/files'
import { healthRoutes } from './platform/health'
import { isInternalRequest } from './platform/internal-requests'
import { installJsonBodyParser } from './platform/json-body'
import { createMailer, type Mailer } from './platform/mailer'
import { translate } from './platform/messages'
import { securityHeaders } from './platform/security-headers'
import { installStaticFiles } from './platform/static-files'
import { storableTextOnly } from './platform/storable-text'
import { tenancy } from './platform/tenancy'
import { createTokenService, type TokenService } from './platform/tokens'
import { valibotCompiler } from './platform/validation'

export interface AppDeps {
  database: Database
  config: Config
  logger?: FastifyServerOptions['logger']
  /** Tests may pass their own; by default made from the config. */
  tokens?: TokenService
  mailer?: Mailer
  files?: FileStore
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every API route with the access it declared, for the route-permission walk. */
    declaredRoutes: readonly DeclaredRoute[]
    /** Where uploaded bytes live; tests that register a file owner of their own use it too. */
    fileStore: FileStore
    /** The file owners this app serves (attachments.routes.ts), which the change feed consults. */
    fileOwners: FileOwnerRegistry
  }
}

/** The CSP the PWA runs under: its own scripts only; inline styles because Radix positions with them. */
const CONTENT_SECURITY_POLICY = {
  useDefaults: false,
  directives: {
    defaultSrc: ["'self'"],
    scriptSrc: ["'self'"],
    styleSrc: ["'self'", "'unsafe-inline'"],
    imgSrc: ["'self'", 'data:', 'blob:'],
    fontSrc: ["'self'", 'data:'],
    connectSrc: ["'self'"],
    workerSrc: ["'self'"],
    manifestSrc: ["'self'"],
    frameAncestors: ["'none'"],
    objectSrc: ["'none'"],
    baseUri: ["'self'"],
    formAction: ["'self'"],
  },
}

/**
 * Builds the whole API and PWA server without listening: `main.ts` listens, tests `inject()`.
 * A request goes tenancy → authentication → access → validation → handler → envelope.
 */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { database, config } = deps
  const app = Fastify({
    logger: deps.logger ?? {
      level: config.logLevel,
      redact: ['req.headers.authorization', 'req.headers.cookie', 'req.headers["idempotency-key"]'],
    },
    trustProxy: config.trustProxy,
    bodyLimit: 10 * 1024 * 1024,
    frameworkErrors: answerFrameworkError,
  })
  const declaredRoutes: DeclaredRoute[] = []
  app.decorate('declaredRoutes', declaredRoutes)
  app.setValidatorCompiler(valibotCompiler)
  installErrorHandler(app)
  installJsonBodyParser(app)

  await app.register(securityHeaders, {
    contentSecurityPolicy: CONTENT_SECURITY_POLICY,
    // The PWA loads nothing cross-origin; keep the embedder policy off so images from data: work.
    crossOriginEmbedderPolicy: false,
  })
  await app.register(compress, { threshold: 1024 })
  // Form data (photos, attachments) arrives as the body: text fields as strings, files as bytes,
  // so the contract's schemas validate it like JSON. Each schema sets its own smaller limit.
  await app.register(multipart, {
    attachFieldsToBody: 'keyValues',
    limits: { fileSize: 10 * 1024 * 1024, files: 10 },
  })
  await app.register(rateLimit, {
    max: config.rateLimitMax,
    // The limit guards the API; the PWA's files are static, cached by the service worker, and a
    // clinic's tablets often share one address. A sync batch counts once, not once per entry.
    allowList: (req) => !req.url.startsWith('/api/') || isInternalRequest(req),
    timeWindow: '1 minute',
    errorResponseBuilder: (req, context) => ({
      statusCode: 429,
      ...failure(translate('error.rateLimited', req.lang ?? 'es')),
      retryAfter: context.after,
    }),
  })
  await app.register(tenancy, { db: database.db, config })
  const tokens = deps.tokens ?? createTokenService(config)
  const mailer = deps.mailer ?? createMailer(config, app.log)
  const files = deps.files ?? diskFileStore(config.dataDir)
  app.decorate('fileStore', files)
  app.decorate('fileOwners', new Map() as FileOwnerRegistry)
  await app.register(authentication, { db: database.db, tokens })
  await app.register(access, { routes: declaredRoutes })
  // After the multipart parser, whose parts it checks too.
  await app.register(storableTextOnly)
  await app.register(auditing)
  app.decorateRequest('withTenant', function (this: { tenant: { id: string } | null }, work) {
    if (!this.tenant) throw new NotFoundError()
    return withTenant(database.db, this.tenant.id, work)
  })

  await app.register(healthRoutes, { prefix: '/api', database })
  for (const [service, module] of Object.entries(MODULES)) {
    // The module gets its dependencies, never Fastify's `prefix` (which it would pass on twice).
    await app.register((scope) => module(scope, { database, config, tokens, mailer, files }), {
      prefix: `/api/${service}`,
    })
  }
  await installStaticFiles(app, config.staticDir)
  return app
}

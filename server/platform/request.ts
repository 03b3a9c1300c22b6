import type { Endpoint } from '../../src/contract/endpoints/define'
import type { TenantAddress } from '../../src/contract/schemas/tenant-configuration'
import type { Tx } from '../db/client'
import type { Lang } from './language'

/** The tenant a request's host resolved to (landlord columns, safe to keep in memory briefly). */
export interface TenantContext {
  id: string
  slug: string
  tradeName: string
  businessName: string
  logoUrl: string | null
  primaryColor: string | null
  passwordExpiryMonths: number
  availableAdministrativeStatuses: string[]
  disabledInputs: string[]
  /** The address and phone its documents print under its name. */
  address: TenantAddress
  /** Registro patronal (IMSS employer registration). */
  employerRegistration: string | null
}

/** The signed-in caller, set by the authentication hook from a valid bearer token. */
export interface RequestUser {
  id: string
  tenantId: string | null
  isLandlord: boolean
  permissions: ReadonlySet<string>
  /** An expired password lets the user only change it (and other `authenticated` calls). */
  passwordExpired: boolean
}

export interface AuditInput {
  action: string
  entity: string
  entityId?: string | null
  details?: Record<string, unknown>
}

declare module 'fastify' {
  interface FastifyRequest {
    tenant: TenantContext | null
    isLandlord: boolean
    user: RequestUser | null
    lang: Lang
    /** Runs `work` in a transaction where row-level security shows only this request's tenant. */
    withTenant<T>(work: (tx: Tx) => Promise<T>): Promise<T>
    /** Records who did what to which record, in the caller's tenant transaction. */
    audit(tx: Tx, entry: AuditInput): Promise<void>
  }
  interface FastifyContextConfig {
    /**
     * Who may call the route: 'public', 'authenticated', a permission name, or several of which
     * the caller needs any. Required under /api.
     */
    access?: string | readonly string[]
    /** The contract endpoint the route serves (`route()` sets it), for the tests that walk them. */
    endpoint?: Endpoint
  }
}

import type { GenericSchema } from 'valibot'
import type { Permission } from '../rules/permissions'
import type { Service } from '../services'

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'

/** Anyone (`public`), any signed-in user (`authenticated`), or the holder of a named permission. */
export type SingleAccess = 'public' | 'authenticated' | Permission

/**
 * Who may call an endpoint: one access, or the holder of any of several permissions (a reading:
 * the staff permission or the patient's own; the handler then decides whose records it may touch).
 */
export type Access = SingleAccess | readonly [Permission, ...Permission[]]

/** The permissions an access names (none for `public` and `authenticated`). */
export const permissionsOf = (access: Access): readonly Permission[] =>
  access === 'public' || access === 'authenticated' ? [] : typeof access === 'string' ? [access] : access

/**
 * One call of SPEC §7: where it lives and what it accepts and returns. The server registers its
 * route from this, the client builds its request from this; nothing else repeats the path.
 */
export interface Endpoint {
  /** Null for platform calls outside any service (`/api/health`). */
  service: Service | null
  method: HttpMethod
  /** Relative to `/api/<service>`, with `:name` parameters. */
  path: string
  access: Access
  /**
   * A POST that changes nothing the caller asked for: a data table's query (SPEC §7 `…/list`),
   * a PDF of figures its body names, or the note of a read made offline (decision 0038), which
   * adds only the audit entry the read would have written. Such a call takes a permission to
   * read; every other POST, PUT, PATCH or DELETE is a write and takes a permission to write.
   */
  reads?: true
  params?: GenericSchema
  query?: GenericSchema
  body?: GenericSchema
  response?: GenericSchema
}

export const endpoint = <const E extends Endpoint>(definition: E): E => definition

/** The absolute path of an endpoint, as the server mounts it. */
export function fullPath(e: Pick<Endpoint, 'service' | 'path'>): string {
  return e.service ? `/api/${e.service}${e.path}` : `/api${e.path}`
}

/** Fills `:name` parameters of an endpoint's path (encoded) for a client request. */
export function pathFor(
  e: Pick<Endpoint, 'service' | 'path'>,
  params: Record<string, string | number> = {},
): string {
  return fullPath(e).replace(/:(\w+)/g, (_, name: string) => {
    const value = params[name]
    if (value === undefined) throw new Error(`Missing path parameter "${name}"`)
    return encodeURIComponent(String(value))
  })
}

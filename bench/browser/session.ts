import { call, requestHeaders } from '../../src/api/client'
import { login } from '../../src/contract/endpoints/authentication'
import type { BenchSession } from './api'

let current: BenchSession | null = null
// Every call of the api client carries the bench user's token, as the session's header source does.
requestHeaders.push(
  (): Record<string, string> => (current ? { Authorization: `Bearer ${current.token}` } : {}),
)

/** Signs in through the API, as the login screen does, and makes the token the client's. */
export async function signIn(username: string, password: string): Promise<BenchSession> {
  const answer = await call(login, { body: { username, password } })
  current = { token: answer.accessToken, userId: answer.user.uuid, tenant: answer.host }
  return current
}

export function session(): BenchSession {
  if (!current) throw new Error('sign in first')
  return current
}

import type { Failure, Success } from '../../src/contract/envelope'

export const ok = <T>(data: T, message = ''): Success<T> => ({ data, message, error: false })

export const failure = (message: string, errors?: Record<string, string[]>): Failure =>
  errors ? { data: null, message, error: true, errors } : { data: null, message, error: true }

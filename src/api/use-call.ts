import { useCallback, useEffect, useState } from 'react'
import type { Endpoint } from '../contract/endpoints/define'
import { type CallOptions, call, type Output } from './client'

export type CallState<T> =
  /** While reloading, the previous answer stays (screens keep showing it instead of a spinner). */
  | { status: 'loading'; data?: T; error?: undefined }
  | { status: 'loaded'; data: T; error?: undefined }
  | { status: 'error'; data?: undefined; error: unknown }

/**
 * Reads an endpoint for a screen: loading → loaded | error, again when `key` changes or on
 * `reload()`. An answer that comes after the screen moved on is dropped.
 */
export function useCall<E extends Endpoint>(
  endpoint: E,
  options: Omit<CallOptions<E>, 'signal'> = {},
  key = '',
  /** False skips the call (a form in create mode has nothing to load). */
  enabled = true,
): CallState<Output<E>> & { reload: () => void } {
  const [state, setState] = useState<CallState<Output<E>>>({ status: 'loading' })
  const [round, setRound] = useState(0)
  const reload = useCallback(() => setRound((r) => r + 1), [])
  // The options are described by `key`; listing the object itself would refetch on every render.
  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` stands for the options
  useEffect(() => {
    if (!enabled) return
    const controller = new AbortController()
    setState((previous) => ({ status: 'loading', data: previous.data }))
    call(endpoint, { ...options, signal: controller.signal })
      .then((data) => setState({ status: 'loaded', data }))
      .catch((error: unknown) => {
        if (!controller.signal.aborted) setState({ status: 'error', error })
      })
    return () => controller.abort()
  }, [endpoint, key, round, enabled])
  return { ...state, reload }
}

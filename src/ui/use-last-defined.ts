import { useRef } from 'react'

/**
 * The value, or while it is undefined the last one it held: a live query answers undefined again
 * each time its inputs change, and a screen that drew a spinner then would lose its filters and
 * the focus of the control just used (the period's button) until the new rows come.
 */
export function useLastDefined<T>(value: T | undefined): T | undefined {
  const last = useRef(value)
  if (value !== undefined) last.current = value
  return last.current
}

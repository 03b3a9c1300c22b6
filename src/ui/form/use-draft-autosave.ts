import { type RefObject, useCallback, useEffect, useRef } from 'react'
import type { FieldValues, UseFormReturn } from 'react-hook-form'

/** How long typing pauses before a long form's draft is written. */
export const DRAFT_DELAY_MS = 400

/**
 * Keeps a long form's draft as it is typed (decision 0029: nothing typed is lost when the tablet
 * sleeps or the app reloads): `write` runs a moment after typing pauses, and at once when the page
 * hides (the tablet sleeping, the app closed) or the form goes away with a write still due. While
 * `stopped` holds true (the draft moved on with a saved record) nothing more is written.
 * Answers `writeNow` (a step change writes at once) and `cancel` (a save or a discard drops the
 * write still due).
 */
export function useDraftAutosave<T extends FieldValues>(
  form: UseFormReturn<T>,
  write: () => Promise<void>,
  stopped?: RefObject<boolean>,
) {
  const pending = useRef<ReturnType<typeof setTimeout> | null>(null)
  const latest = useRef(write)
  latest.current = write
  const cancel = useCallback(() => {
    if (pending.current) clearTimeout(pending.current)
    pending.current = null
  }, [])
  const writeNow = useCallback(() => {
    cancel()
    return latest.current()
  }, [cancel])
  useEffect(() => {
    const subscription = form.watch(() => {
      cancel()
      if (stopped?.current) return
      pending.current = setTimeout(() => void writeNow(), DRAFT_DELAY_MS)
    })
    const flush = () => {
      if (pending.current && !stopped?.current) void writeNow()
    }
    const onVisibility = () => {
      if (document.visibilityState === 'hidden') flush()
    }
    document.addEventListener('visibilitychange', onVisibility)
    window.addEventListener('pagehide', flush)
    return () => {
      subscription.unsubscribe()
      document.removeEventListener('visibilitychange', onVisibility)
      window.removeEventListener('pagehide', flush)
      flush()
    }
  }, [form, cancel, writeNow, stopped])
  return { writeNow, cancel }
}

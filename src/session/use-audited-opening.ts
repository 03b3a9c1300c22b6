import { useEffect, useRef, useState } from 'react'
import { useConnection } from '../api/connection'
import { NetworkError } from '../api/errors'
import type { OpenedScreen } from '../contract/schemas/offline-openings'
import { noteOfflineOpening } from '../sync/record-opening-mutator'
import { mutationContext } from './mutation-context'
import { useSyncEngine } from './use-sync-engine'

/**
 * The audit of a screen of the patient's record as it opens (NOM-024, decision 0038). Online, the
 * screen's read of the patient from the server is the audit entry; with no network, or when that
 * read cannot reach the server, the device queues a note of the opening for the server's log. Once
 * per opening of a patient, not per render; a read made is not made again when the network comes
 * and goes. Answers the read's result, 'missing' when it was refused or unreachable (the screen
 * then stands on the device's copy), null until it has answered.
 */
export function useAuditedOpening<T>(
  patientId: string,
  screen: OpenedScreen,
  read: (signal: AbortSignal) => Promise<T>,
): T | 'missing' | null {
  const db = useSyncEngine()?.db
  const online = useConnection() !== 'offline'
  const [answer, setAnswer] = useState<{ patientId: string; value: T | 'missing' } | null>(null)
  // The patient whose opening is audited already: by the server's read, or by a queued note.
  const audited = useRef<string | null>(null)
  // The patient the server answered for: that read needs no second.
  const answered = useRef<string | null>(null)
  // The read is the screen's; its latest form is used, without restarting the effect.
  const latestRead = useRef(read)
  latestRead.current = read

  useEffect(() => {
    if (answered.current === patientId) return
    const noteOffline = () => {
      if (!db || audited.current === patientId) return
      audited.current = patientId
      void noteOfflineOpening(db, mutationContext(), patientId, screen).catch(() => {
        audited.current = null
      })
    }
    if (!online) {
      noteOffline()
      return
    }
    const controller = new AbortController()
    latestRead
      .current(controller.signal)
      .then((value) => {
        audited.current = patientId
        answered.current = patientId
        setAnswer({ patientId, value })
      })
      .catch((error) => {
        if (controller.signal.aborted) return
        setAnswer({ patientId, value: 'missing' })
        if (error instanceof NetworkError) noteOffline()
      })
    return () => controller.abort()
  }, [db, patientId, screen, online])

  return answer?.patientId === patientId ? answer.value : null
}

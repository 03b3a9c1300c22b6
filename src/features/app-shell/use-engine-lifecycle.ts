import { useEffect, useState } from 'react'
import { isQuotaExceeded } from '../../db/storage'
import { useSession } from '../../session/use-session'
import { setCurrentEngine } from '../../sync/current-engine'
import { createSyncEngine } from '../../sync/engine'
import type { PullProgress } from '../../sync/pull'
import { afterPaint } from '../../ui/after-paint'

export type PullState =
  | { status: 'idle' }
  | { status: 'pulling'; applied: number }
  /** `full`: the device ran out of storage; the page being written was not kept (one transaction). */
  | { status: 'failed'; full: boolean }

/**
 * Starts the signed-in user's sync engine while the shell is on screen and pulls the feed (the
 * initial sync the first time, with its progress), again whenever the app returns to the
 * foreground. Offline, the pull fails quietly and the cached data stays; a full device is told.
 * The screens read the local database at once; sending and pulling wait for the first paint, so
 * a cold start draws its screen before the sync takes the CPU. The landlord's host holds no
 * tenant records and serves no change feed: there no engine starts (issue 17).
 */
export function useEngineLifecycle(): PullState {
  const session = useSession()
  const userId = session?.user.uuid
  const host = session?.host
  const landlord = session?.isLandlord ?? false
  const [pull, setPull] = useState<PullState>({ status: 'idle' })
  // The engine belongs to one user on one host; other session changes (tokens) keep it.
  // biome-ignore lint/correctness/useExhaustiveDependencies: userId, host and landlord identify the engine
  useEffect(() => {
    const current = session
    if (!userId || !host || !current || landlord) return
    const engine = createSyncEngine(current)
    setCurrentEngine(engine)
    let live = true
    const pullNow = () => {
      setPull({ status: 'pulling', applied: 0 })
      engine
        .pull((progress: PullProgress) => live && setPull({ status: 'pulling', applied: progress.applied }))
        .then(() => live && setPull({ status: 'idle' }))
        .catch((error: unknown) => live && setPull({ status: 'failed', full: isQuotaExceeded(error) }))
    }
    const onVisible = () => document.visibilityState === 'visible' && pullNow()
    void afterPaint().then(() => {
      if (!live) return
      engine.loop.start()
      pullNow()
      document.addEventListener('visibilitychange', onVisible)
      window.addEventListener('online', pullNow)
    })
    return () => {
      live = false
      document.removeEventListener('visibilitychange', onVisible)
      window.removeEventListener('online', pullNow)
      setCurrentEngine(null)
      engine.stop()
    }
  }, [userId, host, landlord])
  return pull
}

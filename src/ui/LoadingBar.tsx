import { useLingui } from '@lingui/react/macro'
import { useEffect, useState } from 'react'
import './components.css'

/** A thin bar at the top while work is in flight; it waits 200 ms so quick calls never flash. */
export function LoadingBar({ active }: { active: boolean }) {
  const { t } = useLingui()
  const [shown, setShown] = useState(false)
  useEffect(() => {
    if (!active) return setShown(false)
    const timer = setTimeout(() => setShown(true), 200)
    return () => clearTimeout(timer)
  }, [active])
  return shown ? <div className="loading-bar" role="progressbar" aria-label={t`Cargando`} /> : null
}

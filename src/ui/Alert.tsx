import type { ReactNode } from 'react'
import './components.css'

/** An error the user must see now: announced by screen readers as it appears. */
export function Alert({ children }: { children: ReactNode }) {
  return (
    <div className="alert" role="alert">
      {children}
    </div>
  )
}

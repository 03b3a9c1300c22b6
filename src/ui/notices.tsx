import { useEffect, useState } from 'react'
import { Toast } from './Toast'

/** Short confirmations ("Usuario guardado") that outlive the screen that raised them. */
interface Notice {
  id: number
  message: string
}
let nextId = 1
let notices: Notice[] = []
const listeners = new Set<() => void>()

export function notify(message: string): void {
  notices = [...notices, { id: nextId++, message }]
  for (const listener of listeners) listener()
}

function dismiss(id: number): void {
  notices = notices.filter((notice) => notice.id !== id)
  for (const listener of listeners) listener()
}

/** Renders the pending notices as toasts; mounted once by the app shell. */
export function Notices() {
  const [shown, setShown] = useState(notices)
  useEffect(() => {
    const listener = () => setShown(notices)
    listeners.add(listener)
    return () => {
      listeners.delete(listener)
    }
  }, [])
  return (
    <>
      {shown.map((notice) => (
        <Toast
          key={notice.id}
          open
          message={notice.message}
          onOpenChange={(open) => !open && dismiss(notice.id)}
        />
      ))}
    </>
  )
}

import type { ReactNode } from 'react'

/**
 * The few icons the app draws (a list row's compact actions): 24-unit line drawings in the text's
 * colour, hidden from screen readers — the control they sit in is named in words.
 */
function Icon({ children }: { children: ReactNode }) {
  return (
    <svg
      className="icon"
      viewBox="0 0 24 24"
      width="20"
      height="20"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      {children}
    </svg>
  )
}

/** A patient's record: a folder. */
export const RecordIcon = () => (
  <Icon>
    <path d="M3 7a2 2 0 0 1 2-2h4l2 2h8a2 2 0 0 1 2 2v8a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2z" />
  </Icon>
)

/** Editing: a pencil. */
export const EditIcon = () => (
  <Icon>
    <path d="M4 20h4L19 9l-4-4L4 16z" />
    <path d="M13 7l4 4" />
  </Icon>
)

/** A blood-pressure reading: a heart with a pulse line. */
export const PulseIcon = () => (
  <Icon>
    <path d="M12 20s-7-4.4-8.6-9A4.6 4.6 0 0 1 12 6.5 4.6 4.6 0 0 1 20.6 11C19 15.6 12 20 12 20z" />
    <path d="M7 12h3l1-2 2 4 1-2h3" />
  </Icon>
)

/** Assigning a professional: a person with a plus. */
export const AssignIcon = () => (
  <Icon>
    <circle cx="9" cy="8" r="3.5" />
    <path d="M3 20a6 6 0 0 1 12 0" />
    <path d="M18 8v6M15 11h6" />
  </Icon>
)

import { forwardRef, type MouseEvent, type ReactNode, type RefObject } from 'react'

/** A field's element in the form, by its name, and the label that names it. */
export function fieldInForm(form: HTMLFormElement | null, name: string) {
  const element = form?.querySelector<HTMLElement>(`[name="${CSS.escape(name)}"]`) ?? null
  const label = element && 'labels' in element ? (element as HTMLInputElement).labels?.[0]?.textContent : null
  return { element, label }
}

/** Takes the person to a field once it is drawn (after a step change): focused, in the middle. */
export function focusField(form: HTMLFormElement | null, name: string) {
  requestAnimationFrame(() => {
    const { element } = fieldInForm(form, name)
    element?.focus()
    element?.scrollIntoView({ block: 'center' })
  })
}

/**
 * The errors a save found, at the top of the form, each a link to its field named by its label
 * ("Fecha del accidente: Este campo es obligatorio."). Focused when it appears (give it a ref),
 * so a screen reader reads it at once. A field with no input of its own (a whole section) is
 * named by `labelOf`.
 */
export const ErrorSummary = forwardRef<
  HTMLDivElement,
  {
    heading: ReactNode
    errors: readonly (readonly [string, string])[]
    formRef: RefObject<HTMLFormElement | null>
    labelOf?: (name: string) => string
    /** Shows the field (its step first) and focuses it. */
    onJump: (name: string) => void
  }
>(function ErrorSummary({ heading, errors, formRef, labelOf, onJump }, ref) {
  if (errors.length === 0) return null
  const jump = (event: MouseEvent<HTMLAnchorElement>, name: string) => {
    event.preventDefault()
    onJump(name)
  }
  return (
    <div ref={ref} className="form-errors" role="alert" tabIndex={-1}>
      <p>{heading}</p>
      <ul>
        {errors.map(([name, text]) => {
          const { element, label } = fieldInForm(formRef.current, name)
          return (
            <li key={name}>
              <a href={`#${element?.id ?? ''}`} onClick={(event) => jump(event, name)}>
                {label ?? labelOf?.(name) ?? name}: {text}
              </a>
            </li>
          )
        })}
      </ul>
    </div>
  )
})

import { Trans, useLingui } from '@lingui/react/macro'

export type ListMode = 'local' | 'server'

/**
 * "On this device" (the cache: works offline) or "all on the server" (paged by the server). The
 * server's list needs the network: offline it cannot be chosen, and says why.
 */
export function ListModeSwitch({
  mode,
  onChange,
  online,
  held,
  onServer,
}: {
  mode: ListMode
  onChange: (mode: ListMode) => void
  online: boolean
  /** Patients this device holds. */
  held: number
  /** Patients the server holds in the user's view, when known. */
  onServer: number | null
}) {
  const { t } = useLingui()
  const option = (value: ListMode, label: string, disabled = false) => (
    <label className="patients__mode-option" data-checked={mode === value || undefined}>
      <input
        type="radio"
        name="patients-mode"
        value={value}
        checked={mode === value}
        disabled={disabled}
        onChange={() => onChange(value)}
      />
      {label}
    </label>
  )
  return (
    <fieldset className="patients__mode">
      <legend>
        <Trans>Mostrar pacientes</Trans>
      </legend>
      {option('local', t`En este dispositivo (${held})`)}
      {option(
        'server',
        onServer === null ? t`Todos en el servidor` : t`Todos en el servidor (${onServer})`,
        !online,
      )}
      {!online ? (
        <p className="patients__notice" role="status">
          <Trans>
            Sin conexión: la lista del servidor no está disponible; se muestran los pacientes de este
            dispositivo.
          </Trans>
        </p>
      ) : (
        onServer !== null &&
        onServer > held &&
        mode === 'local' && (
          <p className="patients__notice" role="status">
            <Trans>
              El servidor tiene más pacientes de los que guarda este dispositivo: elige «Todos en el servidor»
              para verlos.
            </Trans>
          </p>
        )
      )}
    </fieldset>
  )
}

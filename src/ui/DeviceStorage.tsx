import { Trans, useLingui } from '@lingui/react/macro'
import { useEffect, useState } from 'react'
import { formatBytes, type StorageUse, storageUse } from '../db/storage'

/** DESIGN §4/§5: the storage this device gives the app (profile and sync screens). */
export function DeviceStorage() {
  const { i18n } = useLingui()
  const [use, setUse] = useState<StorageUse | null>(null)
  useEffect(() => {
    void storageUse().then(setUse)
  }, [])
  if (!use) return null
  const used = formatBytes(use.usedBytes, i18n.locale)
  const quota = formatBytes(use.quotaBytes, i18n.locale)
  return (
    <p className="field__hint">
      <Trans>
        Almacenamiento en este dispositivo: {used} de {quota}.
      </Trans>{' '}
      {use.persistent ? (
        <Trans>Protegido contra borrado automático.</Trans>
      ) : (
        <Trans>El navegador podría liberarlo si le falta espacio.</Trans>
      )}
    </p>
  )
}

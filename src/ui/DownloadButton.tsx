import { Trans, useLingui } from '@lingui/react/macro'
import { download } from '../api/client'
import type { Endpoint } from '../contract/endpoints/define'
import { downloadDateStamp } from '../contract/rules/dates'
import { Button } from './Button'
import { errorMessage } from './form/error-message'

/**
 * A spreadsheet download (SPEC §7: .xlsx named with the date as DD_MM_YYYY); the server's own
 * name wins when it sends one. A failure goes to `onError` as the user should read it.
 */
export function DownloadButton({
  endpoint,
  name,
  onError,
}: {
  endpoint: Endpoint
  /** The file name before the date stamp ("usuarios"). */
  name: string
  onError: (message: string) => void
}) {
  const { i18n } = useLingui()
  return (
    <Button
      variant="secondary"
      onClick={() =>
        void download(endpoint, `${name}_${downloadDateStamp(new Date())}.xlsx`).catch((error: unknown) =>
          onError(errorMessage(error, i18n)),
        )
      }
    >
      <Trans>Descargar</Trans>
    </Button>
  )
}
